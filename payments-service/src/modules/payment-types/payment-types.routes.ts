import { z } from 'zod'
import { defineRoute, reply, type Api } from '../../http/route.ts'
import { PAYMENT_TYPE_CODES, PAYMENT_TYPES } from './catalog.ts'

export const PaymentTypeOut = z.object({
  value: z.enum(PAYMENT_TYPE_CODES),
  label: z.string(),
  description: z.string(),
  needs_credentials: z.boolean(),
  direction: z
    .enum(['charge', 'payout'])
    .meta({ description: 'payout: the customer receives rials' }),
  fee_bps: z.number().int().meta({ description: 'Fee in basis points of the rial subtotal' }),
  fee_fixed_irr: z.number().int().meta({ description: 'Fixed fee in rials' }),
  min_amount: z.number().int().meta({ description: 'Whole currency units' }),
  max_amount: z.number().int(),
})

const BODY = PAYMENT_TYPES.map((type) => ({
  value: type.value,
  label: type.label,
  description: type.description,
  needs_credentials: type.needs_credentials,
  direction: type.direction,
  fee_bps: type.fee.bps,
  fee_fixed_irr: type.fee.fixed_irr,
  min_amount: type.min_amount,
  max_amount: type.max_amount,
}))

export function registerPaymentTypeRoutes(api: Api) {
  defineRoute(api, {
    method: 'get',
    path: '/api/payment-types/',
    operationId: 'payment_types_list',
    summary: 'The eight services an order can be for (spec §3), with fees and limits',
    tags: ['orders'],
    responses: { 200: { description: 'Options', schema: z.array(PaymentTypeOut) } },
    handler: () => reply(200, BODY),
  })
}
