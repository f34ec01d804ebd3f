import { createHash } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf } from '../../ledger/journal.ts'
import { checkLedger } from '../../ledger/invariants.ts'
import { TEST_CARDS } from '../../../sandbox-bank/cards.ts'
import { verifiedCustomer } from '../../../test/identity.ts'
import {
  attemptsOf,
  createOrder,
  payAtBank,
  postCallback,
  stageOf,
  startOrder,
} from '../../../test/orders.ts'
import { useStaffApp } from '../../../test/staff.ts'
import { moneyBackReason } from '@arzpol/contracts/money-back'

/**
 * ADR 024: the bank's verify answer names the card that paid (`HashedPan`). A level-1
 * customer's payment from a card that is not one of theirs is not fulfilled: it is reversed
 * through the bank and recorded as money to return with reason `foreign_card`. The callback's
 * own `HashedCardNumber` (posted by the customer's browser) is never believed.
 */

const t = useStaffApp({ GATEWAY_RETRY_DELAY_MS: '0' })

// A bank without VSEP: it lets a card other than the token's pay, which is what these tests are
// about (the sandbox enforces the token's card by default).
beforeAll(() => t.bank.setCardRestriction('ignored'))

afterEach(async () => {
  t.bank.setFaults({})
  expect(await checkLedger(t.deps.db)).toEqual([])
})

const sha256 = (digits: string) => createHash('sha256').update(digits).digest('hex')

/** A customer whose registered card is the sandbox's paying one, back from the bank having paid with `pan`. */
async function paidWith(pan: string) {
  const customer = await verifiedCustomer(t, [TEST_CARDS.success])
  const order = await createOrder(t, customer.token)
  const paid = await payAtBank(await startOrder(t, customer.token, order.id), 'pay', pan)
  return { customer, order, paid }
}

describe('a payment from a card the customer did not register', () => {
  it('is reversed, recorded as money to return (foreign_card), and the order is not paid', async () => {
    const { customer, order, paid } = await paidWith(TEST_CARDS.other)
    const callback = await postCallback(t, paid.fields)
    expect(callback.location).toContain('payment=failed')

    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt).toMatchObject({
      status: 'reversed',
      failure: 'foreign_card',
      hashed_pan: sha256(TEST_CARDS.other),
      masked_pan: '621986******0018',
    })
    expect(t.bank.payments().find((p) => p.refNum === paid.fields.RefNum)?.reversed).toBe(true)
    expect(await balanceOf(t.deps.db, 'order_funds', { orderId: order.id })).toBe(0n)
    expect(await balanceOf(t.deps.db, 'suspense', { orderId: order.id })).toBe(0n)

    const detail = await t.api.get<{
      stage: string
      money_back: Array<Record<string, unknown>>
      events: Array<{ reason: string }>
    }>(`/api/payments/${order.id}/`, { token: customer.token })
    expect(detail.body.stage).toBe('payment_failed')
    expect(detail.body.money_back).toEqual([
      expect.objectContaining({ reason: 'foreign_card', amount_irr: order.amount_irr }),
    ])
    expect(moneyBackReason('foreign_card')).toBe('پرداخت با کارتی که در حساب شما ثبت نشده است')
    expect(detail.body.events.map((event) => event.reason)).toContain('gateway_foreign_card')
  })

  it('a bank that refuses the reversal leaves it on "money to return" for staff, reason foreign_card', async () => {
    const { order, paid } = await paidWith(TEST_CARDS.noReversal)
    await postCallback(t, paid.fields)
    const staff = await t.customer('support')
    const page = await t.api.get<{ results: Array<Record<string, unknown>> }>(
      '/api/staff/money-to-return/',
      { token: staff.token },
    )
    expect(page.body.results).toEqual([
      expect.objectContaining({
        payment_id: order.id,
        reason: 'foreign_card',
        return_block: 'reversal_refused',
        amount_irr: order.amount_irr,
      }),
    ])
    expect(await balanceOf(t.deps.db, 'suspense', { orderId: order.id })).toBe(
      BigInt(order.amount_irr),
    )
  })

  it('a forged callback claiming the registered card does not help: the verify answer decides', async () => {
    const { order, paid } = await paidWith(TEST_CARDS.other)
    const forged = {
      ...paid.fields,
      HashedCardNumber: sha256(TEST_CARDS.success),
      SecurePan: '621986******0009',
    }
    expect((await postCallback(t, forged)).location).toContain('payment=failed')
    expect(await stageOf(t, order.id)).toBe('payment_failed')
  })

  it('the registered card pays and the order is paid', async () => {
    const { order, paid } = await paidWith(TEST_CARDS.success)
    expect((await postCallback(t, paid.fields)).location).toContain('payment=success')
    expect(await balanceOf(t.deps.db, 'order_funds', { orderId: order.id })).toBe(
      BigInt(order.amount_irr),
    )
  })

  it('a card removed after the start no longer counts as theirs', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success])
    const order = await createOrder(t, customer.token)
    const started = await startOrder(t, customer.token, order.id)
    await t.deps
      .db('customer_cards')
      .where({ user_id: customer.id })
      .update({ deleted_at: new Date() })
    const paid = await payAtBank(started)
    expect((await postCallback(t, paid.fields)).location).toContain('payment=failed')
  })
})
