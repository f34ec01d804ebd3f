import type { ChangeEvent } from '@arzpol/contracts/changes'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedTicketCategories } from '../modules/tickets/categories.ts'
import { validOrder } from '../test/sample-orders.ts'
import { eventually, useTwoPods } from '../test/pods.ts'

/**
 * ADR 043: what browsers follow live is announced on the change bus, by id only, to every pod;
 * and a thread's poll that finds nothing new costs a 304 with no message read.
 */

const THREAD = (id: number) => `/api/ticketing/tickets/${id}/messages/`

describe('live updates on the bus (ADR 043)', () => {
  const pods = useTwoPods()
  const { a } = pods
  beforeEach(() => seedTicketCategories(a.deps.db))

  /** What the other pod's bus delivers from now on. */
  const listen = () => {
    const events: ChangeEvent[] = []
    const stop = pods.b.services.changes.subscribe((event) => events.push(event))
    const hears = (wanted: ChangeEvent) =>
      eventually(async () => events.some((e) => JSON.stringify(e) === JSON.stringify(wanted)), {
        what: `${JSON.stringify(wanted)} on the other pod`,
      })
    return { events, stop, hears }
  }

  const openTicket = async (token: string) => {
    const category = await a.deps.db('ticket_categories').first<{ id: number }>('id')
    const opened = await a.api.post<{ id: number }>(
      '/api/ticketing/tickets/',
      { title: 'کارت پذیرفته نشد', category: category?.id, message: 'چه کنم؟' },
      { token },
    )
    expect(opened.status, opened.text).toBe(201)
    return opened.body.id
  }

  it('an order’s new event and a ticket’s new message reach every pod, by id only', async () => {
    const bus = listen()
    const customer = await a.customer()
    const created = await a.api.post<{ id: number }>('/api/payments/create/', validOrder(), {
      token: customer.token,
    })
    expect(created.status, created.text).toBe(201)
    await bus.hears({ type: 'order', id: created.body.id })

    const ticketId = await openTicket(customer.token)
    await bus.hears({ type: 'ticket', id: ticketId })
    const before = bus.events.length
    const staff = await a.customer('support')
    const reply = await a.api.post(
      THREAD(ticketId).replace('ticketing', 'staff'),
      {
        content: 'بررسی می‌کنیم.',
      },
      { token: staff.token },
    )
    expect(reply.status, reply.text).toBe(201)
    await eventually(async () => bus.events.slice(before).some((e) => e.type === 'ticket'))
    // Nothing of the message or the order travels: only what changed and its id.
    for (const event of bus.events.filter((e) => e.type === 'order' || e.type === 'ticket')) {
      expect(Object.keys(event).sort()).toEqual(['id', 'type'])
    }
    bus.stop()
  })

  it('a thread’s poll gets a 304 without a message read while nothing changed, then the new thread', async () => {
    const customer = await a.customer()
    const ticketId = await openTicket(customer.token)
    const first = await a.api.get<unknown[]>(THREAD(ticketId), { token: customer.token })
    expect(first.status).toBe(200)
    const version = first.headers.get('etag')
    expect(version).toMatch(/^W\/".+"$/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')

    const statements: string[] = []
    const record = (query: { sql: string }) => statements.push(query.sql)
    a.deps.db.on('query', record)
    const again = await a.api.get(THREAD(ticketId), {
      token: customer.token,
      headers: { 'If-None-Match': version! },
    })
    a.deps.db.off('query', record)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(statements.join('\n')).not.toContain('ticket_messages')

    // Someone else's version is no version of this thread; another ticket's neither.
    const stranger = await a.customer()
    expect(
      (
        await a.api.get(THREAD(ticketId), {
          token: stranger.token,
          headers: { 'If-None-Match': version! },
        })
      ).status,
    ).toBe(404)

    await a.api.post(THREAD(ticketId), { content: 'هنوز منتظرم.' }, { token: customer.token })
    const changed = await a.api.get<Array<{ content: string }>>(THREAD(ticketId), {
      token: customer.token,
      headers: { 'If-None-Match': version! },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(version)
    expect(changed.body.map((message) => message.content)).toEqual(['چه کنم؟', 'هنوز منتظرم.'])
  })
})
