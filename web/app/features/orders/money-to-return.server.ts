import type { MoneyToReturnItemOut } from '@arzpol/contracts/orders/staff'
import { MoneyToReturnOut, RefundByHandBody, RefundOut } from '@arzpol/contracts/orders/staff'
import { wire, type Wire } from '@arzpol/contracts/wire'
import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's "money to return" calls, server to server with the staff
 * member's access token, like the other staff calls (`staff-orders.server.ts`).
 */

const moneyToReturn = wire(MoneyToReturnOut)
const refund = wire(RefundOut)
export type MoneyToReturnItem = Wire<z.output<typeof MoneyToReturnItemOut>>

export const listMoneyToReturn = (request: Request, token: string) =>
  call(request, '/api/staff/money-to-return/', { method: 'GET', token, schema: moneyToReturn })

export const refundByHand = (
  request: Request,
  token: string,
  gatewayTxId: number,
  body: { note: string },
) =>
  call(request, `/api/staff/money-to-return/${gatewayTxId}/refund/`, {
    method: 'POST',
    token,
    body,
    schema: refund,
  })

/** The page's form: the contract's body plus which bank transaction it is for. */
export const refundByHandSchema = RefundByHandBody.extend({
  gateway_tx_id: z
    .string()
    .regex(/^\d{1,15}$/, 'این مورد معتبر نیست')
    .transform(Number),
})
