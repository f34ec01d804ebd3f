import { describe, expect, it } from 'vitest'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { OrderEvent } from '../../../models/order-event.model.ts'
import { checkLedger } from '../../ledger/invariants.ts'
import { createOrder, type OrdersTestApp } from '../../../test/orders.ts'
import { ensureLevel1 } from '../../../test/identity.ts'
import { flowOf, STAGES, type Stage } from '../state-machine.ts'
import { findStaffAction, STAFF_TARGETS } from './actions.ts'
import {
  orderSms,
  ORDER_STATUS_TEMPLATE,
  paidOrder,
  refundTheBankRefuses,
  SHEBA,
  submittedPayout,
  transitionTo,
  useStaffApp,
} from '../../../test/staff.ts'

type Detail = {
  id: number
  stage: string
  status: string
  customer: { id: number; phone: string; blocked: boolean }
  rate_irr: number
  amount_irr: number
  has_credentials: boolean
  credentials_wiped_at: string | null
  documents: Array<{ id: number; download_url: string }>
  events: Array<{
    reason: string
    actor: string
    actor_user: { id: number } | null
    note: string | null
    internal_note: string | null
    reference: string | null
    to_stage: string
  }>
  refunds: Array<{ id: number; method: string; status: string; amount_irr: number }>
  actions: Array<{ to: string; note_required: boolean; reference_required: boolean }>
}

/** A new customer's paid order, and a support member to handle it. */
async function paidOrderForSupport(t: OrdersTestApp) {
  const customer = await t.customer()
  const staff = await t.customer('support')
  return { customer, staff, order: await paidOrder(t, customer.token) }
}

describe('staff orders: queue and detail', () => {
  const t = useStaffApp()

  it('lists orders filtered by stage, type, Tehran date range and phone, paged', async () => {
    const a = await t.customer()
    const b = await t.customer()
    const staff = await t.customer('support')
    const first = await createOrder(t, a.token)
    const second = await createOrder(t, b.token, { payment_type: 'exams', site_username: null })
    const payout = await submittedPayout(t, a.token)
    // An old order: created three days ago (Tehran).
    await t.deps
      .db('payments')
      .where({ id: first.id })
      .update({ created_at: new Date(t.clock.now().getTime() - 3 * 86_400_000) })

    const page = async (query: string) => {
      const response = await t.api.get<{ count: number; results: Array<{ id: number }> }>(
        `/api/staff/orders/?${query}`,
        { token: staff.token },
      )
      expect(response.status, response.text).toBe(200)
      return { count: response.body.count, ids: response.body.results.map((row) => row.id) }
    }
    expect(await page('')).toEqual({ count: 3, ids: [payout.id, second.id, first.id] })
    expect(await page('sort=oldest&limit=2')).toEqual({ count: 3, ids: [first.id, second.id] })
    expect(await page('sort=oldest&limit=2&offset=2')).toEqual({ count: 3, ids: [payout.id] })
    expect(await page('stage=in_progress')).toEqual({ count: 1, ids: [payout.id] })
    expect(await page('stage=awaiting_payment,in_progress&payment_type=exams')).toEqual({
      count: 1,
      ids: [second.id],
    })
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(t.clock.now().getTime() + offset * 86_400_000),
      )
    expect(await page(`from=${day(0)}`)).toEqual({ count: 2, ids: [payout.id, second.id] })
    expect(await page(`to=${day(-1)}`)).toEqual({ count: 1, ids: [first.id] })
    expect(await page(`from=${day(-3)}&to=${day(-3)}`)).toEqual({ count: 1, ids: [first.id] })
    expect(await page(`phone=${b.user.phone}`)).toEqual({ count: 1, ids: [second.id] })

    const bad = await t.api.get('/api/staff/orders/?stage=lost&from=yesterday', {
      token: staff.token,
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body)).toEqual(expect.arrayContaining(['stage', 'from']))
  })

  it('shows the whole order: customer, amounts, locked rate, documents, audit trail, actions', async () => {
    const { customer, staff, order } = await paidOrderForSupport(t)
    const form = new FormData()
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')]), 'receipt.pdf')
    const upload = await fetch(`${t.api.url}/api/payments/${order.id}/documents/`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${customer.token}` },
    })
    expect(upload.status).toBe(201)

    const response = await t.api.get<Detail>(`/api/staff/orders/${order.id}/`, {
      token: staff.token,
    })
    expect(response.status, response.text).toBe(200)
    const detail = response.body
    expect(detail).toMatchObject({
      id: order.id,
      stage: 'paid',
      customer: { id: customer.id, phone: customer.user.phone, blocked: false },
      rate_irr: 1_150_000,
      amount_irr: order.amount_irr,
      has_credentials: true,
      credentials_wiped_at: null,
    })
    expect(detail.documents).toHaveLength(1)
    expect(detail.documents[0]?.download_url).toBe(
      `/api/payments/${order.id}/documents/${detail.documents[0]?.id}/download/`,
    )
    expect(detail.events.map((event) => `${event.reason}:${event.actor}`)).toEqual([
      'created:customer',
      'gateway_verified:gateway',
    ])
    expect(detail.actions.map((action) => action.to)).toEqual(['in_progress', 'rejected'])
    expect(response.text).not.toContain('S3cret-pa55')

    expect((await t.api.get(`/api/staff/orders/999999/`, { token: staff.token })).status).toBe(404)
  })
})

describe('staff transitions', () => {
  const t = useStaffApp()

  async function orderOf(type: 'topup' | 'payout') {
    const customer = await t.customer()
    // A cash-out is settled only to a Sheba the provider says is the customer's (ADR 028).
    if (type === 'payout') await ensureLevel1(t, customer.token)
    const order = await createOrder(
      t,
      customer.token,
      type === 'payout'
        ? { payment_type: 'payout', site_username: null, site_password: null, sheba: SHEBA }
        : {},
    )
    return order.id
  }
  const putIn = (id: number, stage: Stage) => t.deps.db('payments').where({ id }).update({ stage })

  // One order per flow, put back into each stage before each attempt (90 attempts).
  it(
    'allows each action only from its stages (every stage × target × flow)',
    { timeout: 60_000 },
    async () => {
      const staff = await t.customer('admin')
      const body = { note: 'دلیل', reference: 'TRX-1' }
      for (const type of ['topup', 'payout'] as const) {
        const id = await orderOf(type)
        for (const stage of STAGES) {
          for (const to of STAFF_TARGETS) {
            await putIn(id, stage)
            const response = await transitionTo(t, staff.token, id, { to, ...body })
            const action = findStaffAction(to, stage, flowOf(type))
            const expected = action ? 200 : 409
            expect([type, stage, to, response.status]).toEqual([type, stage, to, expected])
            if (action) {
              expect(response.body.stage).toBe(action.result)
              const last = await OrderEvent.query(t.deps.db)
                .where({ payment_id: id })
                .orderBy('id', 'desc')
                .first()
              expect(last).toMatchObject({
                from_stage: stage,
                to_stage: action.result,
                actor: 'staff',
                actor_user_id: staff.id,
              })
            } else {
              expect(response.body).toMatchObject({ code: 'illegal_transition' })
              const row = await t.deps.db('payments').where({ id }).first<{ stage: string }>()
              expect(row?.stage).toBe(stage)
            }
          }
        }
      }
    },
  )

  it('takes an event reason only from the action’s own list, so no move hides from the customer', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const order = await createOrder(t, customer.token)
    const reject = (reason: string) =>
      transitionTo(t, staff.token, order.id, { to: 'rejected', note: 'سفارش تکراری است', reason })
    for (const reason of ['credentials_revealed', 'refund_settled', 'sheba_recorded', 'x']) {
      const refused = await reject(reason)
      expect(refused.status, reason).toBe(400)
      expect(refused.body).toEqual({ reason: ['این دلیل برای این اقدام مجاز نیست.'] })
    }
    const rejected = await reject('customer_request')
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    const seen = await t.api.get<{ events: Array<{ reason: string; note: string | null }> }>(
      `/api/payments/${order.id}/`,
      { token: customer.token },
    )
    expect(seen.body.events.at(-1)).toMatchObject({
      reason: 'customer_request',
      note: 'سفارش تکراری است',
    })
  })

  it('needs a note to reject or cancel and a transfer reference to settle a cash-out', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const unpaid = await createOrder(t, customer.token)
    for (const to of ['rejected', 'cancelled']) {
      const response = await transitionTo(t, staff.token, unpaid.id, { to, note: '   ' })
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ note: ['توضیح لازم است'] })
    }
    const payout = await submittedPayout(t, customer.token)
    const missing = await transitionTo(t, staff.token, payout.id, { to: 'done' })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ reference: ['شماره پیگیری لازم است'] })

    const settled = await transitionTo(t, staff.token, payout.id, {
      to: 'done',
      reference: 'PAYA-14030915-778',
      internal_note: 'از حساب ملت',
    })
    expect(settled.status, JSON.stringify(settled.body)).toBe(200)
    expect(settled.body).toMatchObject({ stage: 'done', status: 'completed' })
    const events = (settled.body as unknown as Detail).events
    expect(events.at(-1)).toMatchObject({
      reason: 'staff_settle',
      actor_user: { id: staff.id },
      reference: 'PAYA-14030915-778',
      internal_note: 'از حساب ملت',
    })
    // Booked once, balanced: the foreign funds at the FX desk, our fee, the rials out of the bank.
    const order = (await t.deps.db('payments').where({ id: payout.id }).first()) as {
      subtotal_irr: number
      amount_irr: number
      fee_irr: number
    }
    const legs = await t.deps
      .db('postings as p')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('p.order_id', payout.id)
      .orderBy('p.id')
      .select('a.code', t.deps.db.raw('p.amount::text AS amount'))
    expect(legs).toEqual([
      { code: 'fx_desk', amount: String(order.subtotal_irr) },
      { code: 'fees', amount: String(-order.fee_irr) },
      { code: 'bank', amount: String(-order.amount_irr) },
    ])
    expect(await checkLedger(t.deps.db)).toEqual([])
  })

  it('walks a paid top-up through start and complete; the customer sees the note and reference, never the internal note', async () => {
    const { customer, staff, order } = await paidOrderForSupport(t)
    const started = await transitionTo(t, staff.token, order.id, { to: 'in_progress' })
    expect(started.body).toMatchObject({ stage: 'in_progress', status: 'processing' })
    const done = await transitionTo(t, staff.token, order.id, {
      to: 'done',
      note: 'کیف پول شما شارژ شد.',
      reference: 'WALLET-9931',
      internal_note: 'کارت شماره ۲',
    })
    expect(done.body).toMatchObject({ stage: 'done', status: 'completed', actions: [] })

    const mine = await t.api.get<{ status: string; events: Array<Record<string, unknown>> }>(
      `/api/payments/${order.id}/`,
      { token: customer.token },
    )
    expect(mine.body.status).toBe('completed')
    expect(mine.body.events.at(-1)).toMatchObject({
      to_stage: 'done',
      note: 'کیف پول شما شارژ شد.',
      reference: 'WALLET-9931',
    })
    expect(mine.text).not.toContain('کارت شماره ۲')
    expect(mine.text).not.toContain('internal_note')
  })

  it('rejecting a paid order reverses it at the bank and records the refund', async () => {
    const { staff, order } = await paidOrderForSupport(t)
    const response = await transitionTo(t, staff.token, order.id, {
      to: 'rejected',
      note: 'مدارک کافی نبود.',
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const detail = response.body as unknown as Detail
    expect(detail.stage).toBe('refunded')
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        method: 'gateway_reverse',
        status: 'done',
        amount_irr: order.amount_irr,
      }),
    ])
    const attempt = await t.deps
      .db('gateway_transactions')
      .where({ payment_id: order.id })
      .first<{ status: string }>()
    expect(attempt?.status).toBe('reversed')
  })

  it('records a manual refund when the bank cannot reverse, and staff settle it later', async () => {
    const { staff, order } = await paidOrderForSupport(t)
    // The bank's refusal is on record; the money continues as a manual refund.
    const { refunds } = await refundTheBankRefuses(t, staff.token, order.id)
    expect(refunds).toMatchObject([
      { method: 'gateway_reverse', status: 'refused' },
      { method: 'manual', status: 'pending' },
    ])
    const refund = refunds[1]

    const settle = (body: Record<string, unknown>) =>
      t.api.post(`/api/staff/refunds/${refund?.id}/settle/`, body, { token: staff.token })
    expect((await settle({ reference: ' ' })).body).toEqual({
      reference: ['شماره پیگیری لازم است'],
    })
    const settled = await settle({ reference: 'SATNA-5521' })
    expect(settled.status).toBe(200)
    expect(settled.body).toMatchObject({ status: 'done', reference: 'SATNA-5521' })
    expect((await settle({ reference: 'SATNA-5521' })).status).toBe(409)
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: order.id })
    expect(events.at(-1)).toMatchObject({ reason: 'refund_settled', actor_user_id: staff.id })
  })

  it('texts the customer when the status changes (not within a status), without secrets', async () => {
    const { customer, staff, order } = await paidOrderForSupport(t)
    t.kavenegar.reset()
    await transitionTo(t, staff.token, order.id, { to: 'in_progress' })
    expect(await orderSms(t)).toEqual([])
    await transitionTo(t, staff.token, order.id, {
      to: 'done',
      note: 'انجام شد',
      reference: 'REF-1',
    })
    expect(await orderSms(t)).toEqual([
      {
        receptor: customer.user.phone,
        template: ORDER_STATUS_TEMPLATE,
        token: String(order.id),
        token2: 'انجام\u200cشد',
        type: 'sms',
        localid: expect.stringMatching(/^\d+$/),
      },
    ])
    // A refused move sends nothing.
    t.kavenegar.reset()
    expect((await transitionTo(t, staff.token, order.id, { to: 'in_progress' })).status).toBe(409)
    expect(await orderSms(t)).toEqual([])
  })
})

describe('revealing site credentials', () => {
  const t = useStaffApp()

  it('decrypts for staff and records who and when; the customer timeline stays clean', async () => {
    const { customer, staff, order } = await paidOrderForSupport(t)
    const reveal = await t.api.post(
      `/api/staff/orders/${order.id}/reveal-credentials/`,
      undefined,
      {
        token: staff.token,
      },
    )
    expect(reveal.status, reveal.text).toBe(200)
    expect(reveal.body).toMatchObject({
      site_username: 'ali@example.com',
      site_password: 'S3cret-pa55',
      revealed_at: t.clock.now().toISOString(),
    })
    const events = await OrderEvent.query(t.deps.db).where({
      payment_id: order.id,
      reason: 'credentials_revealed',
    })
    expect(events).toEqual([
      expect.objectContaining({
        actor: 'staff',
        actor_user_id: staff.id,
        from_stage: 'paid',
        to_stage: 'paid',
        created_at: t.clock.now(),
      }),
    ])
    const mine = await t.api.get(`/api/payments/${order.id}/`, { token: customer.token })
    expect(mine.text).not.toContain('credentials_revealed')

    const noCredentials = await createOrder(t, customer.token, {
      payment_type: 'exams',
      site_username: null,
      site_password: null,
    })
    const none = await t.api.post(
      `/api/staff/orders/${noCredentials.id}/reveal-credentials/`,
      undefined,
      { token: staff.token },
    )
    expect(none.status).toBe(409)
    expect(none.body).toMatchObject({ code: 'credentials_unavailable' })
  })

  it('shows the password only while the order needs it: not before payment, not once done', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const reveal = (id: number) =>
      t.api.post(`/api/staff/orders/${id}/reveal-credentials/`, undefined, { token: staff.token })
    const notNeeded = {
      code: 'credentials_not_needed',
      detail: STAFF_MESSAGES.credentialsNotNeeded,
    }
    const unpaid = await createOrder(t, customer.token)
    expect((await reveal(unpaid.id)).body).toMatchObject(notNeeded)

    const order = await paidOrder(t, customer.token)
    expect((await transitionTo(t, staff.token, order.id, { to: 'in_progress' })).status).toBe(200)
    expect((await reveal(order.id)).status).toBe(200)
    const done = await transitionTo(t, staff.token, order.id, {
      to: 'done',
      note: 'کیف پول شما شارژ شد.',
      reference: 'WALLET-1',
    })
    expect(done.status, done.text).toBe(200)
    const after = await reveal(order.id)
    expect(after.status).toBe(409)
    expect(after.body).toMatchObject(notNeeded)
    const revealed = await OrderEvent.query(t.deps.db).where({
      payment_id: order.id,
      reason: 'credentials_revealed',
    })
    expect(revealed).toHaveLength(1)
  })
})
