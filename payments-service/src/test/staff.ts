import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import {
  createOrder,
  createPayoutOrder,
  payAtBank,
  postCallback,
  startOrder,
  uploadDocument,
  useOrdersApp,
  type OrdersTestApp,
} from './orders.ts'
import type { TestClient } from './http.ts'
import { approveAsColleague } from './proposals.ts'

/** Test support for the staff back office: the orders app with an order-status SMS template. */

export const ORDER_STATUS_TEMPLATE = 'arzpol-order-status'

export function useStaffApp(env: Record<string, string> = {}): OrdersTestApp {
  // Cash-out documents go to a folder of the test file's own, removed afterwards.
  const attachments = mkdtempSync(path.join(tmpdir(), 'arzpol-staff-'))
  afterAll(() => rmSync(attachments, { recursive: true, force: true }))
  return useOrdersApp({
    KAVENEGAR_ORDER_STATUS_TEMPLATE: ORDER_STATUS_TEMPLATE,
    ATTACHMENTS_DIR: attachments,
    ...env,
  })
}

/** An order paid through the sandbox bank (stage `paid`, a verified gateway attempt). */
export async function paidOrder(t: OrdersTestApp, token: string, overrides = {}) {
  const order = await createOrder(t, token, overrides)
  const bank = await payAtBank(await startOrder(t, token, order.id))
  const callback = await postCallback(t, bank.fields)
  expect(callback.location).toContain('payment=success')
  return order
}

export const SHEBA = 'IR820540102680020817909002'

/**
 * A cash-out order the customer submitted with its Sheba and an income document (stage
 * `in_progress`, waiting for staff).
 */
export async function submittedPayout(t: OrdersTestApp, token: string) {
  const order = await createPayoutOrder(t, token, { sheba: SHEBA })
  await uploadDocument(t, token, order.id)
  await startOrder(t, token, order.id)
  return order
}

/**
 * A paid order staff refund after the bank's reversal window closed: the sandbox no longer knows
 * the payment, so the refusal is on record and the money continues as a manual refund (`pending`
 * a transfer by staff). The move's answer, for the refunds it lists.
 */
export async function refundTheBankRefuses(t: OrdersTestApp, staffToken: string, orderId: number) {
  await t.deps
    .db('gateway_transactions')
    .where({ payment_id: orderId })
    .update({ ref_num: 'UNKNOWN-REF' })
  const response = await transitionTo(t, staffToken, orderId, {
    to: 'refunded',
    note: 'خرید ممکن نشد.',
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as { refunds: Array<{ id: number; method: string; status: string }> }
}

/**
 * A support role given or taken the four-eyes way: one admin proposes it (202), a second admin
 * (new) approves it. The proposal's answer, then the approval's.
 */
export async function changeSupportRole(
  t: OrdersTestApp,
  proposerToken: string,
  phone: string,
  grant: boolean,
  note?: string,
) {
  const proposed = await t.api.post<{ proposal: { id: number } }>(
    `/api/staff/roles/${grant ? 'grant' : 'revoke'}-support/`,
    { phone, ...(note && { note }) },
    { token: proposerToken },
  )
  return { proposed, approved: await approveAsColleague(t, proposed) }
}

/** Order-status SMS the fake Kavenegar received, once background sending finished. */
export async function orderSms(t: OrdersTestApp) {
  await t.deps.sms.drain()
  return t.kavenegar.received
    .filter((request) => request.form.template === ORDER_STATUS_TEMPLATE)
    .map((request) => request.form)
}

export const transitionTo = (
  t: OrdersTestApp,
  token: string,
  id: number,
  body: Record<string, unknown>,
) => t.api.post<Record<string, unknown>>(`/api/payments/${id}/transition/`, body, { token })

/** A rate an admin sets from the staff page, taken at once (201, not a proposal); its answer. */
export async function setRateAs(
  t: { api: TestClient },
  adminToken: string,
  rate: { currency: string; buy_rate_irr: number; note?: string },
) {
  const response = await t.api.post<Record<string, unknown>>('/api/rates/', rate, {
    token: adminToken,
  })
  expect(response.status, response.text).toBe(201)
  return response
}
