import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import { createOrder, useOrdersApp } from '../../test/orders.ts'
import { seedTicketCategories } from './categories.ts'

/**
 * A ticket may name the order it is about: only one of the customer's own (someone else's reads
 * like one that does not exist, so order ids cannot be probed), and staff see which, from the
 * ticket and from the order.
 */

const TICKETS = '/api/ticketing/tickets/'

describe('a ticket about an order', () => {
  const t = useOrdersApp()
  beforeEach(() => seedTicketCategories(t.deps.db))

  const category = async () => Number((await t.deps.db('ticket_categories').first('id'))?.id)

  it('names the customer’s own order; staff read it on the ticket', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const created = await t.api.post<{ id: number; order_id: number | null }>(
      TICKETS,
      { title: 'پرداخت انجام نشد', category: await category(), order_id: String(order.id) },
      { token: customer.token },
    )
    expect(created.status, created.text).toBe(201)
    expect(created.body.order_id).toBe(order.id)
    const staff = await t.customer('support')
    const seen = await t.api.get<{ order_id: number | null }>(
      `/api/staff/tickets/${created.body.id}/`,
      { token: staff.token },
    )
    expect(seen.status, seen.text).toBe(200)
    expect(seen.body.order_id).toBe(order.id)
    // And the other way: the order's staff page lists the tickets about it.
    const orderPage = await t.api.get<{ tickets: unknown[] }>(`/api/staff/orders/${order.id}/`, {
      token: staff.token,
    })
    expect(orderPage.body.tickets).toEqual([
      {
        id: created.body.id,
        title: 'پرداخت انجام نشد',
        status: 'open',
        waiting_for_staff: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ])
    const other = await createOrder(t, customer.token)
    const none = await t.api.get<{ tickets: unknown[] }>(`/api/staff/orders/${other.id}/`, {
      token: staff.token,
    })
    expect(none.body.tickets).toEqual([])
  })

  it('someone else’s order, one that does not exist, or no id at all: refused alike, nothing opened', async () => {
    const owner = await t.customer()
    const other = await t.customer()
    const theirs = await createOrder(t, owner.token)
    for (const order_id of [theirs.id, 999_999_999, 'abc', -3]) {
      const response = await t.api.post(
        TICKETS,
        { title: 'سؤال', category: await category(), order_id },
        { token: other.token },
      )
      expect(response.status, `${order_id}: ${response.text}`).toBe(400)
      expect(response.body).toEqual({ order_id: [MESSAGES.orderInvalid] })
    }
    expect(await t.deps.db('tickets').where({ user_id: other.id })).toEqual([])
  })
})
