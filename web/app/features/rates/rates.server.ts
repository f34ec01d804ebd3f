import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'
import { dailyRatesSchema, paymentTypeSchema, rateSchema } from '~/features/orders/order-schemas.ts'

/**
 * The public rates page's data: every currency staff price (today's rate and its last 30 days),
 * and each service's fee, read from payments-service's public calls.
 */

const CHART_DAYS = 30

export interface CurrencyRate {
  currency: string
  buyRateIrr: number
  updatedAt: string
  /** Oldest first; empty when the history could not be read. */
  daily: Array<{ date: string; buy_rate_irr: number }>
}

export interface ServiceFee {
  value: string
  label: string
  feeBps: number
  feeFixedIrr: number
}

export type RatesPageData =
  { ok: true; rates: CurrencyRate[]; fees: ServiceFee[] } | { ok: false; status: number }

export async function loadRatesPage(request: Request): Promise<RatesPageData> {
  const [rates, types] = await Promise.all([
    call(request, '/api/rates/', { method: 'GET', schema: z.array(rateSchema) }),
    call(request, '/api/payment-types/', { method: 'GET', schema: z.array(paymentTypeSchema) }),
  ])
  if (!rates.ok) return { ok: false, status: rates.status }
  const histories = await Promise.all(
    rates.data.map((rate) =>
      call(request, `/api/rates/${rate.currency}/daily/?days=${CHART_DAYS}`, {
        method: 'GET',
        schema: dailyRatesSchema,
      }),
    ),
  )
  return {
    ok: true,
    rates: rates.data.map((rate, index) => {
      const history = histories[index]
      return {
        currency: rate.currency,
        buyRateIrr: rate.buy_rate_irr,
        updatedAt: rate.updated_at,
        daily: history?.ok ? [...history.data].sort((a, b) => a.date.localeCompare(b.date)) : [],
      }
    }),
    fees: types.ok
      ? types.data.map((type) => ({
          value: type.value,
          label: type.label,
          feeBps: type.fee_bps,
          feeFixedIrr: type.fee_fixed_irr,
        }))
      : [],
  }
}
