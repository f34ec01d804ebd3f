import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { endLiveStreams, openLiveStreams } from '~/features/live/live-stream.server.ts'
import {
  CHANGES_SECRET,
  startPaymentsStandIn,
  type StandIn,
} from '../../../tests/change-stream-stand-in.ts'
import { liveThreadResponse } from './live-thread.server.ts'
import type { MessageView } from './tickets.server.ts'

/**
 * A ticket thread live (ADR 043), as a browser reads it: the web process follows a real change
 * stream (a stand-in for payments-service's, fed by the test), and the thread is read again
 * whenever its ticket changes.
 */

let payments: StandIn
const saved = { ...process.env }

beforeAll(async () => {
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  vi.spyOn(getLogger(), 'info').mockImplementation(() => undefined)
  payments = await startPaymentsStandIn()
  // This process follows the bus only outside APP_ENV=test, with the shared secret.
  Object.assign(process.env, {
    APP_ENV: 'development',
    CMS_WEBHOOK_SECRET: CHANGES_SECRET,
    PAYMENTS_URL: payments.url,
    LIVE_STREAMS_MAX: '3',
  })
  resetEnvCache()
})

afterAll(async () => {
  await payments.close()
  process.env = saved
  resetEnvCache()
})

afterEach(() => {
  expect(openLiveStreams()).toBe(0)
})

const message = (id: number, content = `پیام ${id}`) =>
  ({ id, content, is_staff: id % 2 === 0, attachments: [] }) as unknown as MessageView

/** A ticket whose thread the test writes, read the way the route reads it. */
function ticket(id: number) {
  const state = { status: 'open', messages: [message(1)], reads: 0, refuse: false }
  const read = async () => {
    state.reads += 1
    return state.refuse ? null : { status: state.status, messages: [...state.messages] }
  }
  return { id, state, read }
}

/** A browser's end of a stream: the events as they arrive, with their ids. */
function open(t: ReturnType<typeof ticket>, query: string, lastEventId?: string) {
  const browser = new AbortController()
  const request = new Request(`http://web.test/dashboard/tickets/${t.id}/live?${query}`, {
    signal: browser.signal,
    headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
  })
  const response = liveThreadResponse(request, t.id, t.read)
  const events: Array<{ event: string; id: string | undefined; data: unknown }> = []
  let ended = false
  void (async () => {
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2)
        const event = field('event')
        if (event) events.push({ event, id: field('id'), data: JSON.parse(field('data') ?? '') })
      }
    }
    ended = true
  })().catch(() => {
    ended = true
  })
  return {
    response,
    events,
    ids: () => events.filter((e) => e.event === 'message').map((e) => Number(e.id)),
    get ended() {
      return ended
    },
    close: () => browser.abort(),
  }
}

describe('a ticket thread, live', () => {
  it('sends each new message once, in order, as its ticket changes on the bus', async () => {
    const t = ticket(7)
    t.state.messages.push(message(2))
    const browser = open(t, 'after=1&status=open')
    // The process's feed opens with the first stream and begins with a resync: one more read.
    await vi.waitFor(() => expect(t.state.reads).toBe(2))
    expect(browser.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    expect(browser.response.headers.get('X-Accel-Buffering')).toBe('no')
    // What came after the page was drawn arrives at once.
    await vi.waitFor(() => expect(browser.ids()).toEqual([2]))

    t.state.messages.push(message(3), message(4))
    payments.send({ type: 'ticket', id: 7 })
    await vi.waitFor(() => expect(browser.ids()).toEqual([2, 3, 4]))
    // Another ticket's change is not this thread's: it is not even read.
    const reads = t.state.reads
    payments.send({ type: 'ticket', id: 8 })
    payments.send({ type: 'order', id: 7 })
    t.state.messages.push(message(5))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(t.state.reads).toBe(reads)
    expect(browser.ids()).toEqual([2, 3, 4])

    t.state.status = 'closed'
    payments.send({ type: 'ticket', id: 7 })
    await vi.waitFor(() => expect(browser.events.at(-1)).toMatchObject({ event: 'status' }))
    expect(browser.events.at(-1)?.data).toEqual({ status: 'closed' })
    expect(browser.ids()).toEqual([2, 3, 4, 5])
    browser.close()
    await vi.waitFor(() => expect(browser.ended).toBe(true))
  })

  it('resumes after a dropped connection from the last id the browser got: nothing lost, nothing twice', async () => {
    const t = ticket(9)
    const first = open(t, 'after=1&status=open')
    t.state.messages.push(message(2))
    payments.send({ type: 'ticket', id: 9 })
    await vi.waitFor(() => expect(first.ids()).toEqual([2]))
    first.close()

    // Written while no stream was open, and no event will come for them.
    t.state.messages.push(message(3), message(4))
    const again = open(t, 'after=1&status=open', '2')
    await vi.waitFor(() => expect(again.ids()).toEqual([3, 4]))
    // A change heard while a read is under way is read once more afterwards, never twice at once.
    t.state.messages.push(message(5))
    payments.send({ type: 'ticket', id: 9 })
    payments.send({ type: 'ticket', id: 9 })
    payments.send({ type: 'resync' })
    await vi.waitFor(() => expect(again.ids()).toEqual([3, 4, 5]))
    again.close()
  })

  it('ends the stream when the reader may no longer read the thread (the browser signs in again)', async () => {
    const t = ticket(11)
    const browser = open(t, 'after=1&status=open')
    await vi.waitFor(() => expect(t.state.reads).toBe(1))
    t.state.refuse = true
    payments.send({ type: 'ticket', id: 11 })
    await vi.waitFor(() => expect(browser.ended).toBe(true))
  })

  it('holds a bounded number of streams, and tells browsers to come back elsewhere when stopping', async () => {
    const t = ticket(13)
    const streams = [1, 2, 3].map(() => open(t, 'after=1&status=open'))
    const refused = open(t, 'after=1&status=open')
    expect(refused.response.status).toBe(503)
    expect(refused.response.headers.get('Retry-After')).toBe('30')
    await vi.waitFor(() => expect(openLiveStreams()).toBe(3))

    endLiveStreams()
    for (const stream of streams) await vi.waitFor(() => expect(stream.ended).toBe(true))
    const during = liveThreadResponse(
      new Request('http://web.test/dashboard/tickets/13/live?after=1'),
      t.id,
      t.read,
    )
    expect(during.status).toBe(200)
    expect(await during.text()).toBe('retry: 2000\n\n')
  })
})
