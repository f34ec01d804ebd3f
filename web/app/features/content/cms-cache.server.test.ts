import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { CmsCache, CmsUnavailableError } from './cms-cache.server.ts'

let now = 0
const clock = () => now

/** A loader that answers what `next` says, counting its calls. */
function source<T>(first: T) {
  const state = {
    calls: 0,
    next: first as T | Error,
    load: async () => {
      state.calls += 1
      if (state.next instanceof Error) throw state.next
      return state.next
    },
  }
  return state
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** A cache holding keys 'a' and 'b', each fetched once; `read` asks for both again. */
async function cacheWithTwoKeys() {
  const cache = new CmsCache({ ttlMs: 60_000, now: clock })
  const a = source('a1')
  const b = source('b1')
  await cache.get('a', a.load)
  await cache.get('b', b.load)
  const read = () => Promise.all([cache.get('a', a.load), cache.get('b', b.load)])
  return { cache, a, b, read }
}

beforeEach(() => {
  now = 1_000_000
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
})

describe('CmsCache', () => {
  it('serves a value from memory until the TTL has passed, then fetches again', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, now: clock })
    const posts = source(['a'])
    expect(await cache.get('posts', posts.load)).toEqual(['a'])
    posts.next = ['b']
    now += 59_999
    expect(await cache.get('posts', posts.load)).toEqual(['a'])
    expect(posts.calls).toBe(1)
    now += 1
    expect(await cache.get('posts', posts.load)).toEqual(['b'])
    expect(posts.calls).toBe(2)
  })

  it('reads the TTL at every call, so a changed setting applies at once', async () => {
    let ttl = 60_000
    const cache = new CmsCache({ ttlMs: () => ttl, now: clock })
    const posts = source(1)
    await cache.get('posts', posts.load)
    ttl = 0
    await cache.get('posts', posts.load)
    expect(posts.calls).toBe(2)
  })

  it('shares one fetch between concurrent requests for the same key', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, now: clock })
    const gate = deferred<string>()
    let calls = 0
    const load = () => {
      calls += 1
      return gate.promise
    }
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    gate.resolve('v')
    expect(await all).toEqual(['v', 'v', 'v'])
    expect(calls).toBe(1)
  })

  it('serves the last good copy when a fetch fails, and waits before asking again', async () => {
    const cache = new CmsCache({ ttlMs: 1_000, retryAfterMs: 5_000, now: clock })
    const posts = source('good')
    await cache.get('posts', posts.load)
    posts.next = new Error('connect ECONNREFUSED')
    now += 2_000
    expect(await cache.get('posts', posts.load)).toBe('good')
    expect(posts.calls).toBe(2)
    expect(getLogger().warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: expect.stringContaining('ECONNREFUSED') }),
      expect.any(String),
    )

    // Within the retry window the cms is not asked at all.
    now += 4_999
    expect(await cache.get('posts', posts.load)).toBe('good')
    expect(posts.calls).toBe(2)

    // After it, the next request tries again, and a recovered cms is used at once.
    now += 1
    posts.next = 'fresh'
    expect(await cache.get('posts', posts.load)).toBe('fresh')
    expect(posts.calls).toBe(3)
  })

  it('stands in for a failed fetch only until maxStaleMs after it was fetched', async () => {
    // A moderator's deletion must not show for ever while the cms is away (ADR 033).
    const cache = new CmsCache({
      ttlMs: 1_000,
      retryAfterMs: 5_000,
      maxStaleMs: 60_000,
      now: clock,
    })
    const comments = source('with the deleted comment')
    await cache.get('comments:p', comments.load)
    comments.next = new Error('connect ECONNREFUSED')
    now += 30_000
    expect(await cache.get('comments:p', comments.load)).toBe('with the deleted comment')
    now += 5_000
    expect(await cache.get('comments:p', comments.load)).toBe('with the deleted comment')
    // Older than maxStaleMs: the page fails as if there were no copy at all.
    now += 25_000
    await expect(cache.get('comments:p', comments.load)).rejects.toMatchObject({
      name: 'CmsUnavailableError',
    })
    // Also within the retry window of that failure.
    await expect(cache.get('comments:p', comments.load)).rejects.toMatchObject({ repeated: true })
    now += 5_000
    comments.next = 'without it'
    expect(await cache.get('comments:p', comments.load)).toBe('without it')
  })

  it('rejects when the first fetch fails, and fails fast within the retry window', async () => {
    const cache = new CmsCache({ ttlMs: 1_000, retryAfterMs: 5_000, now: clock })
    const posts = source<string>('unused')
    posts.next = new Error('timeout')
    await expect(cache.get('posts', posts.load)).rejects.toMatchObject({
      name: 'CmsUnavailableError',
      repeated: false,
    })
    // Within the window: the same failure again, marked as already reported.
    await expect(cache.get('posts', posts.load)).rejects.toMatchObject({ repeated: true })
    expect(posts.calls).toBe(1)
    now += 5_000
    posts.next = 'up again'
    expect(await cache.get('posts', posts.load)).toBe('up again')
  })

  it('drops everything on invalidateAll but keeps old copies as the fallback', async () => {
    const { cache, a, b, read } = await cacheWithTwoKeys()
    cache.invalidateAll()
    a.next = 'a2'
    b.next = new Error('cms down')
    expect(await read()).toEqual(['a2', 'b1'])
    expect([a.calls, b.calls]).toEqual([2, 2])
  })

  it('refetches right after an invalidation even within the retry window of a failure', async () => {
    const cache = new CmsCache({ ttlMs: 1_000, retryAfterMs: 60_000, now: clock })
    const posts = source('v1')
    await cache.get('posts', posts.load)
    now += 2_000
    posts.next = new Error('down')
    expect(await cache.get('posts', posts.load)).toBe('v1')
    // The webhook proves the cms is back and the content changed.
    cache.invalidateAll()
    posts.next = 'v2'
    expect(await cache.get('posts', posts.load)).toBe('v2')
  })

  it('invalidates one key without touching the others', async () => {
    const { cache, a, b, read } = await cacheWithTwoKeys()
    a.next = 'a2'
    b.next = 'b2'
    cache.invalidate('a')
    expect(await read()).toEqual(['a2', 'b1'])
  })

  it('does not keep a fetch that started before an invalidation as fresh', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, now: clock })
    const before = deferred<string>()
    const slow = cache.get('posts', () => before.promise)
    cache.invalidateAll()
    // A request after the change does not join the fetch that started before it.
    const after = cache.get('posts', async () => 'after the change')
    before.resolve('before the change')
    expect(await slow).toBe('before the change')
    expect(await after).toBe('after the change')
    // The newer answer is the one kept, even though the older fetch finished last.
    expect(await cache.get('posts', async () => 'unused')).toBe('after the change')
  })

  it('keeps a value fetched across an invalidation out of date', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, now: clock })
    const gate = deferred<string>()
    const pending = cache.get('comments:p', () => gate.promise)
    cache.invalidate('comments:p')
    gate.resolve('without the new comment')
    await pending
    expect(await cache.get('comments:p', async () => 'with the new comment')).toBe(
      'with the new comment',
    )
  })

  it('forgets the least recently used keys beyond maxEntries', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, maxEntries: 2, now: clock })
    await cache.get('a', async () => 1)
    await cache.get('b', async () => 2)
    await cache.get('a', async () => 1)
    await cache.get('c', async () => 3)
    expect(cache.size).toBe(2)
    // 'a' was used after 'b', so 'b' went when 'c' came.
    const a = source(10)
    expect(await cache.get('a', a.load)).toBe(1)
    expect(a.calls).toBe(0)
    const b = source(20)
    expect(await cache.get('b', b.load)).toBe(20)
    expect(b.calls).toBe(1)
  })

  it('tells the loader whether a copy exists to fall back on', async () => {
    const cache = new CmsCache({ ttlMs: 0, now: clock })
    const seen: boolean[] = []
    const load = async ({ hasFallback }: { hasFallback: boolean }) => {
      seen.push(hasFallback)
      return 'v'
    }
    await cache.get('k', load)
    await cache.get('k', load)
    expect(seen).toEqual([false, true])
  })

  it('treats a loader that throws synchronously like a failed fetch', async () => {
    const cache = new CmsCache({ ttlMs: 60_000, now: clock })
    await expect(
      cache.get('x', () => {
        throw new Error('boom')
      }),
    ).rejects.toBeInstanceOf(CmsUnavailableError)
  })
})
