import { eventStreamReader, type ServerSentEvent } from '@arzpol/contracts/event-stream'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { useTwoPods } from '../test/pods.ts'
import { setRateAs } from '../test/staff.ts'

/**
 * The internal side of the change bus (ADR 033): web forwards the cms's webhook to
 * `POST /internal/changes/cms`, and every web pod follows `GET /internal/changes`, a
 * Server-Sent-Events stream of the bus. Both take the secret web and the cms already share.
 */

const SECRET = 'change-bus-secret-0123456789'
const bearer = (secret = SECRET) => ({ Authorization: `Bearer ${secret}` })

/** A subscription to a pod's stream: `next(test)` waits for the first event `test` accepts. */
async function follow(url: string, headers: Record<string, string> = bearer()) {
  const controller = new AbortController()
  const response = await fetch(`${url}/internal/changes`, { headers, signal: controller.signal })
  const reader = eventStreamReader()
  const queue: Array<ServerSentEvent | 'heartbeat'> = []
  let wake: (() => void) | undefined
  let ended = false
  const pump = (async () => {
    const decoder = new TextDecoder()
    try {
      const body = (response.body as ReadableStream<Uint8Array>).getReader()
      for (;;) {
        const { done, value } = await body.read()
        if (done) break
        const text = decoder.decode(value, { stream: true })
        if (text.includes(': heartbeat')) queue.push('heartbeat')
        queue.push(...reader.push(text))
        wake?.()
      }
    } catch {
      // aborted
    } finally {
      ended = true
      wake?.()
    }
  })()
  async function next(
    test: (item: ServerSentEvent | 'heartbeat') => boolean,
    timeoutMs = 5_000,
  ): Promise<ServerSentEvent | 'heartbeat'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = queue.findIndex(test)
      if (index !== -1) return queue.splice(0, index + 1)[index]!
      if (ended) throw new Error('the stream ended')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`nothing expected arrived within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, left)
      })
    }
  }
  return {
    response,
    next,
    event: (type: string) =>
      next((item) => item !== 'heartbeat' && item.event === type) as Promise<ServerSentEvent>,
    close: async () => {
      controller.abort()
      await pump
    },
  }
}

describe('the internal change routes, without a shared secret configured', () => {
  const t = useTestApp()

  it('do not exist', async () => {
    expect((await t.api.get('/internal/changes', { headers: bearer() })).status).toBe(404)
    const post = await t.api.post('/internal/changes/cms', { model: 'post' }, { headers: bearer() })
    expect(post.status).toBe(404)
  })
})

describe('the internal change routes', () => {
  const pods = useTwoPods({ CMS_WEBHOOK_SECRET: SECRET, CHANGES_HEARTBEAT_SECONDS: '1' })
  const { a } = pods

  it('refuse a caller without the secret', async () => {
    for (const headers of [{}, bearer('wrong-secret-0123456789'), { Authorization: SECRET }]) {
      const stream = await a.api.get<{ detail: string }>('/internal/changes', { headers })
      expect(stream.status).toBe(401)
      expect(stream.body.detail).toMatch(/[\u0600-\u06FF]/)
      const post = await a.api.post('/internal/changes/cms', { model: 'post' }, { headers })
      expect(post.status).toBe(401)
    }
    const bad = await a.api.post('/internal/changes/cms', { model: 7 }, { headers: bearer() })
    expect(bad.status).toBe(400)
  })

  it('stream the bus to a subscriber of another pod: cms, catalog, heartbeats', async () => {
    const stream = await follow(pods.b.api.url)
    try {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      expect(stream.response.headers.get('cache-control')).toBe('no-store')
      // Whoever connects may have missed anything before: the stream says so first.
      expect(JSON.parse((await stream.event('resync')).data)).toEqual({ type: 'resync' })

      // A refused notice announces nothing: the first cms event is the accepted one.
      await a.api.post('/internal/changes/cms', { model: 'refused' }, { headers: {} })
      const accepted = await a.api.post(
        '/internal/changes/cms',
        { model: 'comment' },
        { headers: bearer() },
      )
      expect(accepted.status, accepted.text).toBe(204)
      expect(JSON.parse((await stream.event('cms')).data)).toEqual({
        type: 'cms',
        model: 'comment',
      })

      const admin = await a.customer('admin')
      await setRateAs(a, admin.token, { currency: 'EUR', buy_rate_irr: 1_350_000 })
      const catalog = JSON.parse((await stream.event('catalog')).data) as { version: number }
      expect(catalog).toEqual({ type: 'catalog', version: expect.any(Number) })
      expect(catalog.version).toBeGreaterThan(0)

      await stream.next((item) => item === 'heartbeat', 3_000)
    } finally {
      await stream.close()
    }
  })

  it('tell subscribers to drop everything when the pod lost its own bus connection', async () => {
    const stream = await follow(pods.b.api.url)
    try {
      await stream.event('resync')
      await a.deps.db.raw(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'payments-service changes'`,
      )
      expect(JSON.parse((await stream.event('resync')).data)).toEqual({ type: 'resync' })
    } finally {
      await stream.close()
    }
  })
})
