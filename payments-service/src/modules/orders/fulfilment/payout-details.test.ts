import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { expireStaleOrders } from '../expiry.ts'
import {
  createOrder,
  createPayoutOrder,
  uploadDocument,
  useOrdersApp,
} from '../../../test/orders.ts'
import { PAYOUT_ORDER, validOrder } from '../../../test/sample-orders.ts'
import { reachLevel1, verifiedCustomer } from '../../../test/identity.ts'
import {
  SANDBOX_FOREIGN_SHEBA,
  SANDBOX_UNANSWERED_SHEBA,
} from '../../../sandbox-identity/identities.ts'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'

/**
 * ADR 017: a cash-out started with the original client's payload (`card_number: null, flow`) and no
 * Sheba yet is accepted (`gateway_url: null`), waits in `awaiting_payout_details` (status
 * pending, never expired) and its order says what is missing; the Sheba and the income
 * documents arriving move it on to staff (`in_progress`), each move with its audit event.
 */

const attachmentsDir = mkdtempSync(path.join(tmpdir(), 'arzpol-payout-details-'))
afterAll(() => rmSync(attachmentsDir, { recursive: true, force: true }))

const SHEBA = 'IR820540102680020817909002'
const SPEC_START = { card_number: null, flow: 'payout' }

interface Detail {
  status: string
  stage: string
  sheba: string | null
  missing: string[]
  events: Array<{ from_stage: string | null; to_stage: string; reason: string; actor: string }>
}

describe('a cash-out waits for its details', () => {
  const t = useOrdersApp({ ATTACHMENTS_DIR: attachmentsDir })

  const start = (token: string, id: number, body: Record<string, unknown> = SPEC_START) =>
    t.api.post<{ gateway_url: string | null; token: string | null }>(
      `/api/payments/${id}/start/`,
      body,
      { token },
    )
  const detail = async (token: string, id: number) => {
    const response = await t.api.get<Detail>(`/api/payments/${id}/`, { token })
    expect(response.status, response.text).toBe(200)
    return response.body
  }
  const addSheba = (token: string, id: number, sheba: unknown) =>
    t.api.post<Detail & Record<string, unknown>>(`/api/payments/${id}/sheba/`, { sheba }, { token })
  const upload = (token: string, id: number) => uploadDocument(t, token, id)
  /** The order is with staff (`in_progress`, nothing missing), moved there by `move`. */
  const expectWithStaff = async (
    token: string,
    id: number,
    move: Partial<Detail['events'][number]>,
  ) => {
    const body = await detail(token, id)
    expect(body).toMatchObject({ stage: 'in_progress', missing: [] })
    expect(body.events.at(-1)).toMatchObject({ to_stage: 'in_progress', ...move })
    return body
  }

  it('accepts the spec payload without a Sheba, says what is missing, then moves on once it is all in', async () => {
    const customer = await t.customer()
    const order = await createPayoutOrder(t, customer.token)

    const started = await start(customer.token, order.id)
    expect(started.status, started.text).toBe(200)
    expect(started.body).toEqual({ gateway_url: null, token: null })
    let body = await detail(customer.token, order.id)
    expect(body).toMatchObject({
      status: 'pending',
      stage: 'awaiting_payout_details',
      sheba: null,
      missing: ['sheba', 'income_documents'],
    })
    expect(body.events.at(-1)).toMatchObject({
      from_stage: 'awaiting_payment',
      to_stage: 'awaiting_payout_details',
      reason: 'payout_details_missing',
      actor: 'customer',
    })
    // No bank attempt for a cash-out.
    expect(await t.deps.db('gateway_transactions').where({ payment_id: order.id })).toEqual([])
    // The same start again (the spec's client retrying) answers the same and changes nothing.
    expect((await start(customer.token, order.id)).body).toEqual({ gateway_url: null, token: null })
    expect((await detail(customer.token, order.id)).events).toHaveLength(body.events.length)

    // A wrong Sheba is refused in Persian and not stored.
    const bad = await addSheba(customer.token, order.id, 'IR820540102680020817909003')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ sheba: ['شماره شبا معتبر نیست (IR و ۲۴ رقم)'] })

    const sheba = await addSheba(customer.token, order.id, 'ir82 0540 1026 8002 0817 9090 02')
    expect(sheba.status, sheba.text).toBe(200)
    expect(sheba.body).toMatchObject({
      stage: 'awaiting_payout_details',
      sheba: SHEBA,
      missing: ['income_documents'],
    })

    await upload(customer.token, order.id)
    body = await expectWithStaff(customer.token, order.id, {
      from_stage: 'awaiting_payout_details',
      reason: 'payout_details_complete',
      actor: 'customer',
    })
    expect(body).toMatchObject({ status: 'processing', sheba: SHEBA })
    // Once with staff, the Sheba can no longer be changed by the customer.
    const late = await addSheba(customer.token, order.id, SHEBA)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'invalid_stage' })
  })

  it('documents first, then the Sheba: the Sheba moves it on', async () => {
    const customer = await t.customer()
    const order = await createPayoutOrder(t, customer.token)
    await upload(customer.token, order.id)
    expect((await start(customer.token, order.id)).status).toBe(200)
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      missing: ['sheba'],
    })
    const sheba = await addSheba(customer.token, order.id, SHEBA)
    expect(sheba.status, sheba.text).toBe(200)
    expect(sheba.body).toMatchObject({ stage: 'in_progress', status: 'processing', missing: [] })
  })

  it('a Sheba given at create: the spec start waits only for the documents', async () => {
    const customer = await t.customer()
    const order = await createPayoutOrder(t, customer.token, { sheba: SHEBA })
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payment',
      sheba: SHEBA,
      missing: ['income_documents'],
    })
    expect((await start(customer.token, order.id)).status).toBe(200)
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      missing: ['income_documents'],
    })
  })

  it('with everything in before start, start goes straight to staff', async () => {
    const customer = await t.customer()
    const order = await createPayoutOrder(t, customer.token, { sheba: SHEBA })
    await upload(customer.token, order.id)
    // Uploading before start does not submit the order.
    expect((await detail(customer.token, order.id)).stage).toBe('awaiting_payment')
    expect((await start(customer.token, order.id)).status).toBe(200)
    await expectWithStaff(customer.token, order.id, {
      from_stage: 'awaiting_payment',
      reason: 'payout_submitted',
    })
  })

  it('is never expired by the unpaid-order sweep', async () => {
    const customer = await t.customer()
    const waiting = await createPayoutOrder(t, customer.token)
    expect((await start(customer.token, waiting.id)).status).toBe(200)
    const unpaid = await createOrder(t, customer.token)
    t.clock.advance(30 * 86_400)
    expect(await expireStaleOrders({ db: t.deps.db, clock: t.clock, graceMinutes: 60 })).toEqual([
      unpaid.id,
    ])
    const token = await t.deps.tokens.signAccess(customer.user)
    expect(await detail(token, waiting.id)).toMatchObject({
      status: 'pending',
      stage: 'awaiting_payout_details',
    })
  })

  it('the customer can still cancel it; staff can reject it', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const one = await createPayoutOrder(t, customer.token)
    const two = await createPayoutOrder(t, customer.token)
    for (const order of [one, two]) expect((await start(customer.token, order.id)).status).toBe(200)
    const cancelled = await t.api.post(`/api/payments/${one.id}/cancel/`, {}, customer)
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body).toMatchObject({ stage: 'cancelled', status: 'failed' })
    const rejected = await t.api.post(
      `/api/payments/${two.id}/transition/`,
      { to: 'rejected', note: 'مدارک درآمد ارسال نشد.' },
      staff,
    )
    expect(rejected.status, rejected.text).toBe(200)
    expect((await detail(customer.token, two.id)).stage).toBe('rejected')
  })

  it('takes a Sheba only for the owner’s own cash-out that has not reached staff', async () => {
    const customer = await t.customer()
    const stranger = await t.customer()
    const payout = await createPayoutOrder(t, customer.token)
    expect((await addSheba(stranger.token, payout.id, SHEBA)).status).toBe(404)
    const topup = await createOrder(t, customer.token)
    const refused = await addSheba(customer.token, topup.id, SHEBA)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'not_payout' })
    expect(await t.deps.db('payments').where({ id: topup.id }).first('sheba')).toEqual({
      sheba: null,
    })
    // Before start the Sheba is just recorded: the order is not submitted by it.
    const early = await addSheba(customer.token, payout.id, SHEBA)
    expect(early.status, early.text).toBe(200)
    expect(early.body).toMatchObject({ stage: 'awaiting_payment', sheba: SHEBA })
    // Another payment type's order shows nothing missing.
    expect((await detail(customer.token, topup.id)).missing).toEqual([])
  })

  describe('the Sheba is the customer’s own, and a cash-out needs level 1', () => {
    /** A cash-out created by a level-0 customer (the helper would take them to level 1). */
    const level0Payout = (token: string, overrides: Record<string, unknown> = {}) =>
      createOrder(t, token, { ...PAYOUT_ORDER, ...overrides })

    it('at level 0 it waits for the level, and reaching level 1 moves it on to staff', async () => {
      const customer = await t.customer()
      const order = await level0Payout(customer.token, { sheba: SHEBA })
      await upload(customer.token, order.id)
      expect((await start(customer.token, order.id)).status).toBe(200)
      // The Sheba is stored, but nobody could ask whose it is yet (ADR 028).
      expect(await detail(customer.token, order.id)).toMatchObject({
        stage: 'awaiting_payout_details',
        missing: ['identity_level', 'sheba_owner_check'],
      })

      await reachLevel1(t, customer.token)
      await expectWithStaff(customer.token, order.id, {
        reason: 'payout_details_complete',
        actor: 'system',
      })
      // The Sheba given at level 0 was asked about once the national code was known.
      const asked = await t.deps.db('identity_inquiries').where({ user_id: customer.id })
      expect(asked.map((row: { kind: string }) => row.kind)).toContain('sheba_owner')
    })

    it('a Sheba given at level 0 that is not the customer’s is taken off at level 1', async () => {
      const customer = await t.customer()
      const order = await level0Payout(customer.token, { sheba: SANDBOX_FOREIGN_SHEBA })
      await upload(customer.token, order.id)
      expect((await start(customer.token, order.id)).status).toBe(200)
      await reachLevel1(t, customer.token)
      expect(await detail(customer.token, order.id)).toMatchObject({
        stage: 'awaiting_payout_details',
        sheba: null,
        missing: ['sheba'],
      })
      const event = await t.deps
        .db('payment_events')
        .where({ payment_id: order.id, reason: 'sheba_not_owner' })
        .first()
      expect(event).toMatchObject({ actor: 'system' })
    })

    it('at level 1 someone else’s Sheba is refused everywhere it can be given (409 sheba_not_owner)', async () => {
      const customer = await verifiedCustomer(t)
      const created = await t.api.post<Record<string, unknown>>(
        '/api/payments/create/',
        validOrder({ ...PAYOUT_ORDER, sheba: SANDBOX_FOREIGN_SHEBA }),
        { token: customer.token },
      )
      expect(created.status).toBe(409)
      expect(created.body).toEqual({ detail: CARD_MESSAGES.shebaNotOwner, code: 'sheba_not_owner' })
      expect(await t.deps.db('payments').where({ user_id: customer.id })).toEqual([])

      const order = await createPayoutOrder(t, customer.token)
      const given = await addSheba(customer.token, order.id, SANDBOX_FOREIGN_SHEBA)
      expect(given.status).toBe(409)
      expect(given.body).toMatchObject({ code: 'sheba_not_owner' })
      const started = await start(customer.token, order.id, {
        ...SPEC_START,
        sheba: SANDBOX_FOREIGN_SHEBA,
      })
      expect(started.status).toBe(409)
      expect(await t.deps.db('payments').where({ id: order.id }).first('sheba', 'stage')).toEqual({
        sheba: null,
        stage: 'awaiting_payment',
      })

      // The customer's own Sheba: accepted, with its bank named.
      const own = await addSheba(customer.token, order.id, SHEBA)
      expect(own.status, own.text).toBe(200)
      expect(own.body).toMatchObject({ sheba: SHEBA, sheba_bank_name: 'بانک پارسیان' })
      expect(await detail(customer.token, order.id)).toMatchObject({
        sheba_bank_name: 'بانک پارسیان',
      })
    })

    it('a provider that cannot answer is 503 inquiry_unavailable, and nothing is stored', async () => {
      const customer = await verifiedCustomer(t)
      const order = await createPayoutOrder(t, customer.token)
      const given = await addSheba(customer.token, order.id, SANDBOX_UNANSWERED_SHEBA)
      expect(given.status).toBe(503)
      expect(given.body).toMatchObject({ code: 'inquiry_unavailable', retry_after: 60 })
      expect((await t.deps.db('payments').where({ id: order.id }).first('sheba')).sheba).toBeNull()
    })

    it('someone else’s order: 404 before any question is paid for', async () => {
      const owner = await verifiedCustomer(t)
      const stranger = await verifiedCustomer(t)
      const order = await createPayoutOrder(t, owner.token)
      const asked = t.identity.matchingCalls
      expect((await addSheba(stranger.token, order.id, SANDBOX_FOREIGN_SHEBA)).status).toBe(404)
      const started = await start(stranger.token, order.id, { ...SPEC_START, sheba: SHEBA })
      expect(started.status).toBe(404)
      expect(t.identity.matchingCalls).toBe(asked)
    })
  })
})
