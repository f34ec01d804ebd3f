import { describe, expect, it } from 'vitest'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import {
  SANDBOX_FOREIGN_SHEBA,
  SANDBOX_IDENTITIES,
  SANDBOX_UNANSWERED_SHEBA,
} from '../../../sandbox-identity/identities.ts'
import { reachLevel1, verifiedCustomer } from '../../../test/identity.ts'
import { createOrder, uploadDocument } from '../../../test/orders.ts'
import { PAYOUT_ORDER } from '../../../test/sample-orders.ts'
import { SHEBA, submittedPayout, transitionTo, useStaffApp } from '../../../test/staff.ts'
import { checkLedger } from '../../ledger/invariants.ts'

/**
 * ADR 028: a cash-out's Sheba is owner-checked on the order. Whatever the way the Sheba came
 * (create, `/sheba/`, start) and whatever the customer's level then, the order never reaches
 * staff (`in_progress`) until this Sheba passed the owner question for this customer at level 1,
 * and staff cannot settle it unless the provider says again that it is the customer's.
 */

interface Detail {
  stage: string
  sheba: string | null
  missing: string[]
  events: Array<{ from_stage: string | null; to_stage: string; reason: string; actor: string }>
}

const SPEC_START = { card_number: null, flow: 'payout' }

describe('the Sheba of a cash-out is owner-checked on the order (ADR 028)', () => {
  const t = useStaffApp()

  const level0Payout = (token: string, overrides: Record<string, unknown> = {}) =>
    createOrder(t, token, { ...PAYOUT_ORDER, ...overrides })
  const start = (token: string, id: number, body: Record<string, unknown> = SPEC_START) =>
    t.api.post<{ gateway_url: string | null }>(`/api/payments/${id}/start/`, body, { token })
  const addSheba = (token: string, id: number, sheba: string) =>
    t.api.post<Detail>(`/api/payments/${id}/sheba/`, { sheba }, { token })
  const detail = async (token: string, id: number) => {
    const response = await t.api.get<Detail>(`/api/payments/${id}/`, { token })
    expect(response.status, response.text).toBe(200)
    return response.body
  }
  const row = (id: number) =>
    t.deps
      .db('payments')
      .where({ id })
      .first('stage', 'sheba', 'sheba_owner_checked_at') as Promise<{
      stage: string
      sheba: string | null
      sheba_owner_checked_at: Date | null
    }>
  const reasonsOf = async (id: number) =>
    (
      (await t.deps.db('payment_events').where({ payment_id: id }).orderBy('id')) as Array<{
        reason: string
        to_stage: string
        actor: string
      }>
    ).map((event) => event.reason)
  const everInProgress = async (id: number) =>
    (await t.deps.db('payment_events').where({ payment_id: id, to_stage: 'in_progress' })).length >
    0
  /** Someone else's Sheba on an order from before the check was kept on the order. */
  const putUncheckedSheba = (id: number, sheba: string) =>
    t.deps.db('payments').where({ id }).update({ sheba, sheba_owner_checked_at: null })

  it('someone else’s Sheba given at create at level 0, then level 1, a document and start: never with staff', async () => {
    const customer = await t.customer()
    const order = await level0Payout(customer.token, { sheba: SANDBOX_FOREIGN_SHEBA })
    // Stored at level 0, but not checked: the order says it waits for the check.
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payment',
      sheba: SANDBOX_FOREIGN_SHEBA,
      missing: ['income_documents', 'identity_level', 'sheba_owner_check'],
    })
    expect((await row(order.id)).sheba_owner_checked_at).toBeNull()

    await reachLevel1(t, customer.token)
    await uploadDocument(t, customer.token, order.id)
    const started = await start(customer.token, order.id)
    expect(started.status, started.text).toBe(200)

    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      sheba: null,
      missing: ['sheba'],
    })
    expect(await everInProgress(order.id)).toBe(false)
    // Taken off with the reason on record, for the customer and for staff.
    const event = await t.deps
      .db('payment_events')
      .where({ payment_id: order.id, reason: 'sheba_not_owner' })
      .first()
    expect(event).toMatchObject({ actor: 'system', from_stage: 'awaiting_payment' })
  })

  it('a stored Sheba that was never checked is asked about at start (level 1): not the owner, taken off; unanswered, kept and waiting', async () => {
    const customer = await verifiedCustomer(t)
    const foreign = await createOrder(t, customer.token, { ...PAYOUT_ORDER, sheba: SHEBA })
    const unanswered = await createOrder(t, customer.token, { ...PAYOUT_ORDER, sheba: SHEBA })
    await putUncheckedSheba(foreign.id, SANDBOX_FOREIGN_SHEBA)
    await putUncheckedSheba(unanswered.id, SANDBOX_UNANSWERED_SHEBA)
    for (const order of [foreign, unanswered]) await uploadDocument(t, customer.token, order.id)

    expect((await start(customer.token, foreign.id)).status).toBe(200)
    expect(await detail(customer.token, foreign.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      sheba: null,
      missing: ['sheba'],
    })
    expect(await reasonsOf(foreign.id)).toContain('sheba_not_owner')

    expect((await start(customer.token, unanswered.id)).status).toBe(200)
    expect(await detail(customer.token, unanswered.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      sheba: SANDBOX_UNANSWERED_SHEBA,
      missing: ['sheba_owner_check'],
    })
    for (const order of [foreign, unanswered]) expect(await everInProgress(order.id)).toBe(false)
  })

  it('a stored Sheba that was never checked is asked about when a document arrives, and moves the order on once it is the customer’s', async () => {
    const customer = await verifiedCustomer(t)
    const order = await createOrder(t, customer.token, { ...PAYOUT_ORDER, sheba: SHEBA })
    await putUncheckedSheba(order.id, SHEBA)
    expect((await start(customer.token, order.id)).status).toBe(200)
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      missing: ['income_documents'],
    })
    // Start asked already: the Sheba is the customer's.
    expect((await row(order.id)).sheba_owner_checked_at).not.toBeNull()
    await putUncheckedSheba(order.id, SHEBA)
    expect((await detail(customer.token, order.id)).missing).toEqual([
      'income_documents',
      'sheba_owner_check',
    ])

    await uploadDocument(t, customer.token, order.id)
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'in_progress',
      missing: [],
    })
    expect((await row(order.id)).sheba_owner_checked_at).not.toBeNull()
  })

  it('someone else’s Sheba given through /sheba/ at level 0 on an order awaiting payment: never with staff', async () => {
    const customer = await t.customer()
    const order = await level0Payout(customer.token)
    const given = await addSheba(customer.token, order.id, SANDBOX_FOREIGN_SHEBA)
    expect(given.status, given.text).toBe(200)
    expect(given.body).toMatchObject({
      stage: 'awaiting_payment',
      sheba: SANDBOX_FOREIGN_SHEBA,
      missing: ['income_documents', 'identity_level', 'sheba_owner_check'],
    })

    await reachLevel1(t, customer.token)
    await uploadDocument(t, customer.token, order.id)
    expect((await start(customer.token, order.id)).status).toBe(200)
    expect(await detail(customer.token, order.id)).toMatchObject({
      stage: 'awaiting_payout_details',
      sheba: null,
      missing: ['sheba'],
    })
    expect(await everInProgress(order.id)).toBe(false)

    // Given again at level 1 it is refused outright, and the order keeps waiting.
    const again = await addSheba(customer.token, order.id, SANDBOX_FOREIGN_SHEBA)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'sheba_not_owner' })
    expect((await row(order.id)).stage).toBe('awaiting_payout_details')
  })

  it('reaching level 1 reviews cash-outs still awaiting payment: an owned Sheba is marked checked, someone else’s is taken off', async () => {
    const customer = await t.customer()
    const owned = await level0Payout(customer.token, { sheba: SHEBA })
    const foreign = await level0Payout(customer.token, { sheba: SANDBOX_FOREIGN_SHEBA })
    const none = await level0Payout(customer.token)

    await reachLevel1(t, customer.token)

    const ownedRow = await row(owned.id)
    expect(ownedRow).toMatchObject({ stage: 'awaiting_payment', sheba: SHEBA })
    expect(ownedRow.sheba_owner_checked_at).not.toBeNull()
    expect((await detail(customer.token, owned.id)).missing).toEqual(['income_documents'])

    expect(await row(foreign.id)).toEqual({
      stage: 'awaiting_payment',
      sheba: null,
      sheba_owner_checked_at: null,
    })
    expect((await detail(customer.token, foreign.id)).missing).toEqual([
      'sheba',
      'income_documents',
    ])
    const event = await t.deps
      .db('payment_events')
      .where({ payment_id: foreign.id, reason: 'sheba_not_owner' })
      .first()
    expect(event).toMatchObject({
      actor: 'system',
      from_stage: 'awaiting_payment',
      to_stage: 'awaiting_payment',
    })

    expect(await row(none.id)).toEqual({
      stage: 'awaiting_payment',
      sheba: null,
      sheba_owner_checked_at: null,
    })
    expect(await reasonsOf(none.id)).toEqual(['created'])
  })

  it('a new Sheba given at level 0 clears the check of the one before', async () => {
    const customer = await t.customer()
    const order = await level0Payout(customer.token, { sheba: SHEBA })
    await reachLevel1(t, customer.token)
    expect((await row(order.id)).sheba_owner_checked_at).not.toBeNull()
    // As if the order's Sheba were replaced while the customer could not be asked about.
    await t.deps.db('customer_identities').where({ user_id: customer.id }).delete()
    expect((await addSheba(customer.token, order.id, SANDBOX_FOREIGN_SHEBA)).status).toBe(200)
    expect(await row(order.id)).toEqual({
      stage: 'awaiting_payment',
      sheba: SANDBOX_FOREIGN_SHEBA,
      sheba_owner_checked_at: null,
    })
  })

  describe('staff settle only to a Sheba the provider says is the customer’s', () => {
    const settle = (token: string, id: number) =>
      transitionTo(t, token, id, { to: 'done', reference: 'PAYA-14030915-778' })

    it('refuses to settle when the Sheba’s owner check fails at settle time (409, Persian), and the order stays with staff', async () => {
      const staff = await t.customer('support')
      const customer = await t.customer()
      const payout = await submittedPayout(t, customer.token)
      expect((await row(payout.id)).stage).toBe('in_progress')
      /**
       * The provider answers for the customer as it does for `nationalCode`: settling is refused
       * (409) with `refusal`, and the order stays with staff.
       */
      async function expectRefusedWhenProviderSays(
        nationalCode: string,
        refusal: { detail: string; code: string },
      ) {
        await t.deps
          .db('customer_identities')
          .where({ user_id: customer.id })
          .update({ national_code: nationalCode })
        const refused = await settle(staff.token, payout.id)
        expect(refused.status).toBe(409)
        expect(refused.body).toEqual(refusal)
        expect((await row(payout.id)).stage).toBe('in_progress')
      }

      // The provider now says the account is not this person's.
      await expectRefusedWhenProviderSays(SANDBOX_IDENTITIES.mismatched, {
        detail: STAFF_MESSAGES.settleShebaNotOwner,
        code: 'sheba_not_owner',
      })
      expect(await t.deps.db('postings').where({ order_id: payout.id })).toEqual([])

      // A provider that cannot answer: refused too, with its own word.
      await expectRefusedWhenProviderSays(SANDBOX_IDENTITIES.unavailable, {
        detail: STAFF_MESSAGES.settleShebaUnconfirmed,
        code: 'sheba_unconfirmed',
      })
    })

    it('refuses to settle a cash-out that reached staff with someone else’s Sheba before the check was kept on the order', async () => {
      const staff = await t.customer('support')
      const customer = await t.customer()
      const payout = await submittedPayout(t, customer.token)
      await putUncheckedSheba(payout.id, SANDBOX_FOREIGN_SHEBA)
      const refused = await settle(staff.token, payout.id)
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: 'sheba_not_owner' })
      // Staff can still reject it.
      const rejected = await transitionTo(t, staff.token, payout.id, {
        to: 'rejected',
        note: 'شماره شبا به نام مشتری نیست.',
      })
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    })

    it('the happy path: the customer’s own Sheba reaches staff and is settled', async () => {
      const staff = await t.customer('support')
      // At level 1 from the start: checked at create.
      const customer = await verifiedCustomer(t)
      const order = await createOrder(t, customer.token, { ...PAYOUT_ORDER, sheba: SHEBA })
      expect((await row(order.id)).sheba_owner_checked_at).not.toBeNull()
      await uploadDocument(t, customer.token, order.id)
      expect((await start(customer.token, order.id)).status).toBe(200)
      expect(await detail(customer.token, order.id)).toMatchObject({
        stage: 'in_progress',
        missing: [],
      })
      const settled = await settle(staff.token, order.id)
      expect(settled.status, JSON.stringify(settled.body)).toBe(200)
      expect(settled.body).toMatchObject({ stage: 'done', status: 'completed' })

      // At level 0 first: the Sheba waits for its check and goes on once level 1 is reached.
      const later = await t.customer()
      const waiting = await level0Payout(later.token, { sheba: SHEBA })
      await uploadDocument(t, later.token, waiting.id)
      expect((await start(later.token, waiting.id)).status).toBe(200)
      expect(await detail(later.token, waiting.id)).toMatchObject({
        stage: 'awaiting_payout_details',
        missing: ['identity_level', 'sheba_owner_check'],
      })
      await reachLevel1(t, later.token)
      expect(await detail(later.token, waiting.id)).toMatchObject({
        stage: 'in_progress',
        missing: [],
      })
      expect((await settle(staff.token, waiting.id)).status).toBe(200)
      expect((await row(waiting.id)).stage).toBe('done')
      expect(await checkLedger(t.deps.db)).toEqual([])
    })
  })
})
