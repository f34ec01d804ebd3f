import { beforeEach, describe, expect, it } from 'vitest'
import { createOrder } from '../../../test/orders.ts'
import { seedTicketCategories } from '../../tickets/categories.ts'
import { paidOrder, submittedPayout, useStaffApp } from '../../../test/staff.ts'

describe('staff dashboard', () => {
  const t = useStaffApp()
  beforeEach(async () => {
    await seedTicketCategories(t.deps.db)
  })

  it('counts open orders per stage, tickets waiting for a reply and today’s paid rials', async () => {
    const staff = await t.customer('support')
    const customer = await t.customer()
    const empty = await t.api.get('/api/staff/dashboard/', { token: staff.token })
    expect(empty.body).toMatchObject({
      orders_waiting: { awaiting_payment: 0, paid: 0, in_progress: 0 },
      tickets_waiting: 0,
      today_paid_irr: 0,
      today_paid_count: 0,
    })

    await createOrder(t, customer.token)
    const paidA = await paidOrder(t, customer.token)
    const paidB = await paidOrder(t, customer.token, { amount: '120' })
    await submittedPayout(t, customer.token)
    // Paid yesterday (Tehran): not today's volume, still waiting.
    const old = await paidOrder(t, customer.token)
    await t.deps
      .db('payments')
      .where({ id: old.id })
      .update({ paid_at: new Date(t.clock.now().getTime() - 86_400_000) })
    const category = await t.deps.db('ticket_categories').first<{ id: number }>('id')
    for (const title of ['یک', 'دو']) {
      const ticket = await t.api.post<{ id: number }>(
        '/api/ticketing/tickets/',
        { title, category: category?.id, message: 'سلام' },
        { token: customer.token },
      )
      expect(ticket.status).toBe(201)
      if (title === 'دو') {
        await t.api.post(
          `/api/staff/tickets/${ticket.body.id}/messages/`,
          { content: 'در حال بررسی' },
          { token: staff.token },
        )
      }
    }

    const response = await t.api.get('/api/staff/dashboard/', { token: staff.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      orders_waiting: { awaiting_payment: 1, paid: 3, in_progress: 1 },
      tickets_waiting: 1,
      today_paid_irr: paidA.amount_irr + paidB.amount_irr,
      today_paid_count: 2,
      day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(t.clock.now()),
    })
  })
})
