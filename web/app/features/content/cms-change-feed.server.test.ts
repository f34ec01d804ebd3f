import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import {
  CHANGES_SECRET as SECRET,
  startPaymentsStandIn,
  type StandIn,
} from '../../../tests/change-stream-stand-in.ts'
import { CmsCache } from './cms-cache.server.ts'
import { startChangeFeed, type ChangeFeed } from '~/features/changes/change-feed.server.ts'
import { dropChangedContent } from './cms-content-changes.server.ts'
import { handleCmsWebhook } from './cms-blog.server.ts'

/**
 * Every web pod follows payments-service's change stream (ADR 033) and drops its cms copies on
 * a `cms` event, and on every (re)connect. payments-service is a real local HTTP server here,
 * speaking the stream as `GET /internal/changes` does.
 */

/** A cache holding the post list and one post's comments, each fetched once. */
async function filledCache() {
  const cache = new CmsCache({ ttlMs: 3_600_000 })
  const fetched = { posts: 0, comments: 0 }
  const read = () =>
    Promise.all([
      cache.get('posts', async () => `posts ${++fetched.posts}`),
      cache.get('comments:p', async () => `comments ${++fetched.comments}`),
    ])
  await read()
  return { cache, fetched, read }
}

let payments: StandIn
let feed: ChangeFeed | undefined

beforeEach(async () => {
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  vi.spyOn(getLogger(), 'info').mockImplementation(() => undefined)
  payments = await startPaymentsStandIn()
})

afterEach(async () => {
  feed?.stop()
  feed = undefined
  await payments.close()
})

const follow = (cache: CmsCache, url = payments.url, silenceMs = 30_000) =>
  (feed = startChangeFeed({
    url,
    secret: SECRET,
    onEvent: (event) => dropChangedContent(cache, event),
    silenceMs,
    minBackoffMs: 20,
    maxBackoffMs: 100,
  }))

describe('the change feed of a web pod', () => {
  it('subscribes with the shared secret and drops the cached content on a cms event', async () => {
    const { cache, read, fetched } = await filledCache()
    follow(cache)
    await vi.waitFor(() => expect(feed?.connected).toBe(true))
    expect(payments.requests[0]).toMatchObject({
      method: 'GET',
      path: '/internal/changes',
      authorization: `Bearer ${SECRET}`,
    })
    // The opening resync dropped everything once; read it all again, then change one post.
    await read()
    const before = { ...fetched }
    payments.send({ type: 'cms', model: 'post' })
    await vi.waitFor(async () => {
      await read()
      expect(fetched).toEqual({ posts: before.posts + 1, comments: before.comments + 1 })
    })
  })

  it('drops only the comments on a comment event, and nothing on a catalog event', async () => {
    const { cache, read, fetched } = await filledCache()
    follow(cache)
    await vi.waitFor(() => expect(feed?.connected).toBe(true))
    await read()
    const before = { ...fetched }
    payments.send({ type: 'catalog', version: 7 })
    payments.send({ type: 'cms', model: 'comment' })
    await vi.waitFor(async () => {
      await read()
      expect(fetched.comments).toBe(before.comments + 1)
    })
    expect(fetched.posts).toBe(before.posts)
  })

  it('counts a lost stream as "everything changed" once it is open again', async () => {
    const { cache, read, fetched } = await filledCache()
    follow(cache)
    await vi.waitFor(() => expect(feed?.connected).toBe(true))
    await read()
    const before = { ...fetched }
    payments.dropAll()
    await vi.waitFor(() => expect(payments.connections).toBe(2))
    await vi.waitFor(async () => {
      await read()
      expect(fetched).toEqual({ posts: before.posts + 1, comments: before.comments + 1 })
    })
  })

  it('gives up a stream that went silent (no heartbeat) and opens another', async () => {
    const silent = await startPaymentsStandIn({ silent: true })
    try {
      follow(new CmsCache({ ttlMs: 60_000 }), silent.url, 200)
      await vi.waitFor(() => expect(silent.connections).toBeGreaterThanOrEqual(2), {
        timeout: 3_000,
      })
    } finally {
      feed?.stop()
      await silent.close()
    }
  })

  it('keeps trying, with a pause, when payments-service refuses it', async () => {
    feed = startChangeFeed({
      url: payments.url,
      secret: 'not-the-secret-0123456789',
      onEvent: () => undefined,
      minBackoffMs: 20,
      maxBackoffMs: 50,
    })
    await vi.waitFor(() => expect(payments.requests.length).toBeGreaterThanOrEqual(3))
    expect(feed.connected).toBe(false)
    expect(getLogger().warn).toHaveBeenCalled()
  })
})

describe("the cms's webhook", () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const name of ['CMS_WEBHOOK_SECRET', 'PAYMENTS_URL'] as const) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
    resetEnvCache()
  })

  it('is passed on to payments-service, whose bus tells every web pod', async () => {
    process.env.CMS_WEBHOOK_SECRET = SECRET
    process.env.PAYMENTS_URL = payments.url
    resetEnvCache()
    const response = await handleCmsWebhook(
      new Request('http://web.test/resources/cms-webhook', {
        method: 'POST',
        headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ event: 'entry.delete', model: 'comment', uid: 'x', entry: {} }),
      }),
    )
    expect(response.status).toBe(204)
    expect(payments.requests).toEqual([
      {
        method: 'POST',
        path: '/internal/changes/cms',
        authorization: `Bearer ${SECRET}`,
        body: { model: 'comment' },
      },
    ])
  })
})
