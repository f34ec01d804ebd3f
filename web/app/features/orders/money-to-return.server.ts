import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's "money to return" calls (issue #15), server to server with the staff
 * member's access token, like the other staff calls (`staff-orders.server.ts`).
 */

const refundSchema = z.object({
  id: z.number(),
  amount_irr: z.number(),
  method: z.enum(['gateway_reverse', 'manual']),
  status: z.enum(['requested', 'done', 'pending', 'refused']),
  reason: z.string().nullable().default(null),
  reference: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
})

const itemSchema = z.object({
  gateway_tx_id: z.number(),
  payment_id: z.number(),
  customer_phone: z.string(),
  amount_irr: z.number(),
  held_irr: z.number(),
  outgoing_irr: z.number(),
  reason: z.string().nullable(),
  return_block: z.string().nullable(),
  status: z.string(),
  ref_num: z.string().nullable(),
  since: z.string(),
  refunds: z.array(refundSchema),
})
export type MoneyToReturnItem = z.output<typeof itemSchema>

const pageSchema = z.object({
  count: z.number(),
  total_irr: z.number(),
  results: z.array(itemSchema),
})

export const listMoneyToReturn = (request: Request, token: string) =>
  call(request, '/api/staff/money-to-return/', { method: 'GET', token, schema: pageSchema })

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
    schema: refundSchema,
  })

export const refundByHandSchema = z.object({
  gateway_tx_id: z
    .string()
    .regex(/^\d{1,15}$/, 'این مورد معتبر نیست')
    .transform(Number),
  note: z
    .string({ error: 'توضیح بازپرداخت دستی لازم است' })
    .trim()
    .min(1, 'توضیح بازپرداخت دستی لازم است')
    .max(2000, 'متن بیش از حد طولانی است'),
})
