import { describe, expect, it } from 'vitest'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { submitLevel2 } from '../../test/identity-documents.ts'
import { reachLevel1 } from '../../test/identity.ts'
import { createOrder } from '../../test/orders.ts'
import { paidOrder, transitionTo, useStaffApp } from '../../test/staff.ts'

/**
 * Separation of duties: a support member who is also a customer cannot act on their own
 * account's orders or identity review; a colleague can. Each refusal changes nothing. (Their
 * own tickets: modules/tickets/staff.test.ts.)
 */

const t = useStaffApp()

const OWN_ACCOUNT = { detail: STAFF_MESSAGES.ownAccount, code: 'own_account' }

describe('staff and their own customer account', () => {
  it('cannot move, reveal or refund their own order; a colleague can', async () => {
    const insider = await t.customer('support')
    const colleague = await t.customer('support')
    const order = await paidOrder(t, insider.token)

    const refund = await transitionTo(t, insider.token, order.id, {
      to: 'rejected',
      note: 'بازگرداندن وجه',
    })
    expect(refund.status, refund.text).toBe(403)
    expect(refund.body).toMatchObject(OWN_ACCOUNT)
    const reveal = await t.api.post(
      `/api/staff/orders/${order.id}/reveal-credentials/`,
      {},
      { token: insider.token },
    )
    expect(reveal.status).toBe(403)
    const events = await t.deps.db('payment_events').where({ payment_id: order.id })
    expect(events.map((event: { reason: string }) => event.reason)).toEqual([
      'created',
      'gateway_verified',
    ])
    expect((await t.deps.db('refunds').where({ payment_id: order.id })).length).toBe(0)

    const started = await transitionTo(t, colleague.token, order.id, { to: 'in_progress' })
    expect(started.status, started.text).toBe(200)
  })

  it('cannot decide their own identity review', async () => {
    const insider = await t.customer('support')
    await reachLevel1(t, insider.token)
    const reviewId = await submitLevel2(t, insider)
    const approve = await t.api.post(
      `/api/staff/identity/reviews/${reviewId}/approve/`,
      {},
      { token: insider.token },
    )
    expect(approve.status, approve.text).toBe(403)
    expect(approve.body).toMatchObject(OWN_ACCOUNT)
    const review = await t.deps.db('identity_reviews').where({ id: reviewId }).first()
    expect(review).toMatchObject({ status: 'pending', decided_by_user_id: null })
    const level = await t.deps.db('customer_identities').where({ user_id: insider.id }).first()
    expect(level?.level).toBe(1)
  })

  it('still works the orders of everyone else', async () => {
    const staff = await t.customer('support')
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const cancelled = await transitionTo(t, staff.token, order.id, {
      to: 'cancelled',
      note: 'به درخواست مشتری',
    })
    expect(cancelled.status, cancelled.text).toBe(200)
  })
})
