import { getLogger } from '~/utils/logger.server.ts'

/**
 * web's in-memory copy of cms content. Strapi is slow (a few hundred requests a second for a post
 * list), and the public site must stay up when the cms is down, so:
 *
 * - a value is served from memory for `ttlMs` after it was fetched;
 * - after that the next request fetches it again; concurrent requests share that one fetch;
 * - when the fetch fails (the cms is down, slow past the timeout, or answers nonsense) the last
 *   good copy is served ("stale on error"), and the cms is not asked again for `retryAfterMs`,
 *   so an outage does not turn every page view into a slow timeout;
 * - but only until `maxStaleMs` after that copy was fetched: after that the page fails as it
 *   would without a copy, so content taken down (a comment a moderator deleted) does not stay
 *   up for as long as the cms is away;
 * - `invalidateAll()` (a content change) marks every copy out of date: the next request fetches
 *   again, and the old copy stays only as the fallback for a failing fetch.
 *
 * Per process: every web instance keeps its own copy and hears of changes through the change
 * feed (features/changes/change-feed.server.ts, ADR 033); without it, it catches up within the TTL.
 */

export interface CmsCacheOptions {
  ttlMs: number | (() => number)
  /** After a failed fetch, how long to serve the stale copy (or fail fast) before trying again. */
  retryAfterMs?: number
  /** The oldest copy (since it was fetched) that may stand in for a failed fetch; default: any. */
  maxStaleMs?: number | (() => number)
  /** Called once, at the first `get` (the change feed starts then: there is a copy to keep right). */
  onFirstUse?: () => void
  /** Most entries kept; the least recently used go first. */
  maxEntries?: number
  now?: () => number
}

interface Entry {
  value?: unknown
  hasValue: boolean
  fetchedAt: number
  /** Bumped by `invalidate(key)`. */
  version: number
  /** `stamp()` when the stored value was fetched: older than now means out of date. */
  stamp: string
  failedAt?: number
  /** `stamp()` of the failed fetch. */
  failedStamp?: string
  lastError?: unknown
  inflight?: Promise<unknown>
  inflightStamp?: string
}

export interface LoadContext {
  /**
   * Whether an earlier copy exists to fall back on. A fetch with a fallback can give up early
   * (the visitor gets the copy at once); one without may wait longer (else the page is empty).
   */
  hasFallback: boolean
}

export type Loader<T> = (context: LoadContext) => Promise<T>

export class CmsUnavailableError extends Error {
  override name = 'CmsUnavailableError'
  constructor(
    message: string,
    /** True when the cms was not asked (a fetch failed moments ago): already reported. */
    readonly repeated: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

export class CmsCache {
  private entries = new Map<string, Entry>()
  /** Bumped by `invalidateAll()`. */
  private generation = 0
  private readonly ttl: () => number
  private readonly retryAfterMs: number
  private readonly maxStale: () => number
  private readonly maxEntries: number
  private readonly now: () => number
  private onFirstUse: (() => void) | undefined

  constructor(options: CmsCacheOptions) {
    const { ttlMs } = options
    this.ttl = typeof ttlMs === 'function' ? ttlMs : () => ttlMs
    this.retryAfterMs = options.retryAfterMs ?? 5_000
    const { maxStaleMs = Number.POSITIVE_INFINITY } = options
    this.maxStale = typeof maxStaleMs === 'function' ? maxStaleMs : () => maxStaleMs
    this.onFirstUse = options.onFirstUse
    this.maxEntries = options.maxEntries ?? 500
    this.now = options.now ?? (() => Date.now())
  }

  /**
   * The cached value of `key`, fetched with `load` when missing or out of date. Rejects only when
   * the fetch fails and there is no earlier copy to fall back on.
   */
  async get<T>(key: string, load: Loader<T>): Promise<T> {
    if (this.onFirstUse) {
      const first = this.onFirstUse
      this.onFirstUse = undefined
      first()
    }
    let entry = this.entries.get(key)
    if (entry) {
      // Least recently used goes first: re-inserting moves the key to the end.
      this.entries.delete(key)
      this.entries.set(key, entry)
    } else {
      entry = { hasValue: false, fetchedAt: 0, version: 0, stamp: '' }
      this.entries.set(key, entry)
      this.evict()
    }
    const stamp = this.stamp(entry)
    const now = this.now()
    const current = entry.stamp === stamp
    if (entry.hasValue && current && now - entry.fetchedAt < this.ttl()) return entry.value as T
    const failedRecently =
      entry.failedStamp === stamp &&
      entry.failedAt !== undefined &&
      now - entry.failedAt < this.retryAfterMs
    if (failedRecently) {
      if (this.canStandIn(entry, now)) return entry.value as T
      throw new CmsUnavailableError(`cms content "${key}" is unavailable`, true, {
        cause: entry.lastError,
      })
    }
    // Join a fetch under way, unless it started before the content changed.
    if (entry.inflight && entry.inflightStamp === stamp) return entry.inflight as Promise<T>
    return this.refresh(key, entry, stamp, load)
  }

  private refresh<T>(key: string, entry: Entry, stamp: string, load: Loader<T>): Promise<T> {
    const startedAt = this.now()
    let inflight: Promise<T> | undefined = undefined
    inflight = (async () => {
      try {
        // Never synchronously: `inflight` must be assigned before this settles.
        const hasFallback = this.canStandIn(entry, startedAt)
        const value = await Promise.resolve().then(() => load({ hasFallback }))
        // Unless a fetch that started later already stored its (newer) answer.
        if (!entry.hasValue || startedAt >= entry.fetchedAt) {
          entry.value = value
          entry.hasValue = true
          entry.fetchedAt = startedAt
          // Content that changed while this fetch ran keeps the value out of date.
          entry.stamp = stamp
          entry.failedAt = undefined
          entry.failedStamp = undefined
          entry.lastError = undefined
        }
        return value
      } catch (error) {
        entry.failedAt = this.now()
        entry.failedStamp = stamp
        entry.lastError = error
        if (this.canStandIn(entry, this.now())) {
          getLogger().warn(
            { key, servedFrom: new Date(entry.fetchedAt).toISOString(), reason: describe(error) },
            'cms fetch failed; serving the cached copy',
          )
          return entry.value as T
        }
        throw new CmsUnavailableError(
          `cms content "${key}" is unavailable: ${describe(error)}`,
          false,
          { cause: error },
        )
      } finally {
        if (entry.inflight === inflight) {
          entry.inflight = undefined
          entry.inflightStamp = undefined
        }
      }
    })()
    entry.inflight = inflight
    entry.inflightStamp = stamp
    return inflight
  }

  /** Marks `key` out of date (e.g. a post's comments after a new one was written). */
  invalidate(key: string): void {
    const entry = this.entries.get(key)
    if (entry) entry.version += 1
  }

  /** Marks every key that `test` accepts out of date. */
  invalidateWhere(test: (key: string) => boolean): void {
    for (const [key, entry] of this.entries) if (test(key)) entry.version += 1
  }

  /** Marks everything out of date; the copies stay as fallbacks while the cms is down. */
  invalidateAll(): void {
    this.generation += 1
  }

  /** Forgets everything, fallbacks included (tests). */
  clear(): void {
    this.entries.clear()
    this.generation += 1
  }

  get size(): number {
    return this.entries.size
  }

  /** Whether the entry's copy, fresh or not, may still be served for a failed fetch. */
  private canStandIn(entry: Entry, now: number): boolean {
    return entry.hasValue && now - entry.fetchedAt < this.maxStale()
  }

  private stamp(entry: Entry): string {
    return `${this.generation}:${entry.version}`
  }

  private evict() {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) return
      this.entries.delete(oldest.value)
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
    return `${error.message}${cause}`
  }
  return String(error)
}
