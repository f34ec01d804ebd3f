import { z } from 'zod'
import { ORDER_CURRENCIES, ORDER_STAGES, ORDER_STATUSES, PAYMENT_TYPE_CODES } from '../orders.ts'

/**
 * The fields every answer about an order opens with, the customer's and the staff's alike: which
 * order, where it stands, what it pays for. Spread into each answer's schema, so one definition
 * (and one OpenAPI description) serves both.
 */
export const orderHeadFields = {
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(ORDER_STAGES),
  payment_type: z.enum(PAYMENT_TYPE_CODES),
  site_url: z.string(),
}

/** The amount the customer asked for, in the order's currency. */
export const orderAmountFields = {
  amount: z.string().meta({ description: 'Currency units with two decimals, e.g. "50.00"' }),
  currency: z.enum(ORDER_CURRENCIES),
}
