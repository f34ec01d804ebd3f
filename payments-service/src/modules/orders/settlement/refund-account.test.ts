import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import { TEST_CARDS } from '../../../sandbox-bank/cards.ts'
import { SANDBOX_FOREIGN_SHEBA } from '../../../sandbox-identity/identities.ts'
import { verifiedCustomer } from '../../../test/identity.ts'
import {
  createOrder,
  payAtBank,
  postCallback,
  staffRefundTheBankRefuses,
  startOrder,
  useOrdersApp,
  type OrdersTestApp,
} from '../../../test/orders.ts'
import { refundAccountSmsText } from '../../auth/sms/sms-provider.ts'

/**
 * ADR 038: money the bank will not reverse goes back by a transfer staff make, to an account
 * of the customer's own that they give on the order page. They are asked for it by SMS when
 * the transfer becomes due; from level 1 its owner is asked at once, below it staff see it is
 * unchecked; nobody gives an account for someone else's order, or for money that needs none.
 */

const TEMPLATE = 'arzpol-refund-account'
const SHEBA = 'IR820540102680020817909002'

interface Detail {
  refund_account?: { sheba: string; bank_name: string | null; owner_checked: boolean } | null
  money_back: Array<{ status: string }>
  events: Array<{ reason: string }>
}

async function requests(t: OrdersTestApp, phone: string) {
  await t.deps.sms.drain()
  return t.kavenegar.received
    .filter((r) => r.form.template === TEMPLATE && r.form.receptor === phone)
    .map((r) => r.form.token)
}

/** A paid order paid a second time, whose second payment the bank refuses to reverse. */
async function heldByTheBank(t: OrdersTestApp, owner?: Customer) {
  const customer = owner ?? (await t.customer())
  const order = await createOrder(t, customer.token)
  const one = await startOrder(t, customer.token, order.id)
  const two = await startOrder(t, customer.token, order.id)
  await postCallback(t, (await payAtBank(one)).fields)
  t.bank.setFaults({ reverse: { kind: 'refuse' } })
  await postCallback(t, (await payAtBank(two)).fields)
  t.bank.setFaults({})
  return { customer, order }
}

type Customer = Awaited<ReturnType<OrdersTestApp['customer']>>

describe('the account money goes back to by transfer (ADR 038)', () => {
  const t = useOrdersApp({
    GATEWAY_RETRY_DELAY_MS: '0',
    KAVENEGAR_REFUND_ACCOUNT_TEMPLATE: TEMPLATE,
  })

  const give = (token: string, id: number, sheba: unknown) =>
    t.api.post<Record<string, unknown>>(`/api/payments/${id}/refund-account/`, { sheba }, { token })
  const detail = async (token: string, id: number) =>
    (await t.api.get<Detail>(`/api/payments/${id}/`, { token })).body
  /** The order's item on support's "money to return". */
  const staffItemOf = async (orderId: number) => {
    const staff = await t.customer('support')
    const list = await t.api.get<{ results: Array<Record<string, unknown>> }>(
      '/api/staff/money-to-return/',
      { token: staff.token },
    )
    return list.body.results.find((item) => item.payment_id === orderId)
  }

  it('a reversal the bank refused: the owner is asked once by SMS, gives an account below level 1, staff see it unchecked', async () => {
    const { customer, order } = await heldByTheBank(t)
    expect(await requests(t, customer.user.phone)).toEqual([String(order.id)])
    expect((await detail(customer.token, order.id)).refund_account).toBeNull()

    // Persian digits and spaces as typed on a phone; a wrong check digit is refused in Persian.
    const typo = await give(customer.token, order.id, 'IR820540102680020817909003')
    expect(typo.status).toBe(400)
    expect(typo.body).toMatchObject({ sheba: [MESSAGES.sheba] })
    const given = await give(customer.token, order.id, 'IR۸۲ ۰۵۴۰ ۱۰۲۶ ۸۰۰۲ ۰۸۱۷ ۹۰۹۰ ۰۲')
    expect(given.status, given.text).toBe(200)
    expect(given.body).toMatchObject({ sheba: SHEBA, owner_checked: false })

    const shown = await detail(customer.token, order.id)
    expect(shown.refund_account).toMatchObject({ sheba: SHEBA, owner_checked: false })
    // Recorded for the audit, kept off the customer's timeline.
    expect(shown.events.map((event) => event.reason)).not.toContain('refund_account_given')
    expect(
      await t.deps
        .db('payment_events')
        .where({ payment_id: order.id, reason: 'refund_account_given' }),
    ).toHaveLength(1)

    expect(await staffItemOf(order.id)).toMatchObject({
      refund_sheba: SHEBA,
      refund_sheba_checked: false,
    })
    // Nothing more is asked of a customer who gave it.
    expect(await requests(t, customer.user.phone)).toEqual([String(order.id)])
  })

  it('at level 1 the owner is asked at once: their own is checked, someone else’s refused', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success])
    const { order } = await heldByTheBank(t, customer)
    const foreign = await give(customer.token, order.id, SANDBOX_FOREIGN_SHEBA)
    expect(foreign.status).toBe(409)
    expect(foreign.body).toMatchObject({ code: 'sheba_not_owner' })
    expect((await detail(customer.token, order.id)).refund_account).toBeNull()

    const own = await give(customer.token, order.id, SHEBA)
    expect(own.status, own.text).toBe(200)
    expect(own.body).toMatchObject({ sheba: SHEBA, owner_checked: true })
    expect(await staffItemOf(order.id)).toMatchObject({ refund_sheba_checked: true })
  })

  it('no account for money that needs none, nor for someone else’s order', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    // Awaiting payment: nothing to return.
    expect((await give(customer.token, order.id, SHEBA)).body).toMatchObject({
      code: 'no_transfer_due',
      detail: MESSAGES.noTransferDue,
    })
    // Paid once: still nothing to return.
    await postCallback(t, (await payAtBank(await startOrder(t, customer.token, order.id))).fields)
    expect((await give(customer.token, order.id, SHEBA)).status).toBe(409)

    const { order: held } = await heldByTheBank(t)
    const stranger = await t.customer()
    expect((await give(stranger.token, held.id, SHEBA)).status).toBe(404)
    expect(await t.deps.db('payments').where({ id: held.id }).first('refund_sheba')).toEqual({
      refund_sheba: null,
    })
  })

  it('a staff refund the bank refuses becomes a transfer: the owner is asked for the account', async () => {
    const { customer, order } = await staffRefundTheBankRefuses(t)
    expect(await requests(t, customer.user.phone)).toEqual([String(order.id)])
    expect((await detail(customer.token, order.id)).money_back).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ])
    expect((await give(customer.token, order.id, SHEBA)).status).toBe(200)
  })

  it('says it in Persian on the console provider too', () => {
    const text = refundAccountSmsText(42)
    expect(text).toContain('سفارش شماره ۴۲')
    expect(text).toContain('شماره شبای حسابی به نام خودتان')
  })
})
