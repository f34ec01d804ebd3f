import type { Clock } from './clock.ts'

/**
 * A value read from the database and kept in memory for `ttlSeconds` (current rates, payment
 * type fees: read on every quote, changed rarely). Concurrent readers of an expired copy share
 * one reload (single flight); if a reload fails, the previous copy keeps serving for up to
 * 10 × the TTL before the error surfaces.
 *
 * `invalidate()` is for a change known to have happened (a write on this pod, or a notice of
 * the change bus from another, ADR 033): the copy is dropped and not kept as a fallback, since
 * it is known to be wrong, and a load already under way is not reused, since it may have read
 * the database before the change. The TTL stays as the safety net under the bus.
 *
 * `read()` hands a fresh copy back synchronously rather than in a promise: the quote reads two
 * of these on every keystroke, and an async layer per read was measurable there.
 */
export interface TtlCache<T> {
  read(): T | Promise<T>
  /** The copy held now, fresh or not, without loading (undefined when there is none). */
  peek(): T | undefined
  /** Drops the copy: the next read reloads. */
  invalidate(): void
}

export function ttlCache<T>(
  load: () => Promise<T>,
  deps: { clock: Clock; ttlSeconds: number },
): TtlCache<T> {
  const ttl = deps.ttlSeconds * 1000
  let copy: { loadedAt: number; value: T } | undefined
  let loading: Promise<T> | undefined
  /** Bumped by `invalidate`: a load started under an older one is never kept. */
  let generation = 0

  function startLoad(): Promise<T> {
    const startedIn = generation
    const started: Promise<T> = load()
      .then((value) => {
        if (startedIn === generation) copy = { loadedAt: deps.clock.now().getTime(), value }
        return value
      })
      .finally(() => {
        if (loading === started) loading = undefined
      })
    return started
  }

  async function reload(now: number): Promise<T> {
    loading ??= startLoad()
    try {
      return await loading
    } catch (error) {
      if (copy && now - copy.loadedAt < ttl * 10) return copy.value
      throw error
    }
  }

  return {
    read() {
      const now = deps.clock.now().getTime()
      return copy && now - copy.loadedAt < ttl ? copy.value : reload(now)
    },
    peek() {
      return copy?.value
    },
    invalidate() {
      generation += 1
      copy = undefined
      loading = undefined
    },
  }
}

/** `pick` applied to the cached value, in a promise that skips the reload step when fresh. */
export function readFrom<T, R>(cache: TtlCache<T>, pick: (value: T) => R): Promise<R> {
  try {
    const value = cache.read()
    return value instanceof Promise ? value.then(pick) : Promise.resolve(pick(value))
  } catch (error) {
    // A promise-returning function never throws at its caller.
    return Promise.reject(error as Error)
  }
}
