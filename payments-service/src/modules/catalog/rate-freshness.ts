import { ApiError } from '../../http/errors.ts'
import type { Currency } from '@arzpol/contracts/catalog/currencies'

/** Texts of rate safety (ADR 013), shown as they are by web. */
export const RATE_MESSAGES = {
  unavailable: 'نرخ این ارز در حال حاضر در دسترس نیست.',
  stale:
    'نرخ این ارز مدتی است به‌روز نشده است و تا به‌روز شدن آن امکان محاسبه قیمت و ثبت سفارش نیست. کمی بعد دوباره تلاش کنید.',
  changeNeedsConfirmation: (percent: string) =>
    `این نرخ ${percent} درصد با نرخ فعلی فاصله دارد. اگر از درستی آن مطمئن هستید، تغییر را تایید کنید.`,
} as const

/**
 * The current rate of a currency for a quote or an order: 503 `rate_unavailable` without one,
 * 503 `rate_stale` when it was set more than `maxAgeMinutes` ago (RATE_MAX_AGE_MINUTES; unset:
 * no limit).
 */
export async function usableRate<Current extends { updated_at: Date }>(
  // Only `current` (the rate service's): this file is what rates.service.ts takes its texts from.
  rates: { current(currency: Currency): Promise<Current | undefined> },
  currency: Currency,
  options: { now: Date; maxAgeMinutes?: number | undefined },
): Promise<Current> {
  const rate = await rates.current(currency)
  if (!rate) throw new ApiError(503, RATE_MESSAGES.unavailable, 'rate_unavailable')
  if (
    options.maxAgeMinutes !== undefined &&
    options.now.getTime() - rate.updated_at.getTime() > options.maxAgeMinutes * 60_000
  ) {
    throw new ApiError(503, RATE_MESSAGES.stale, 'rate_stale')
  }
  return rate
}

/** The size of a change from `previous` to `next`, in percent of `previous` (absolute). */
export const changePercent = (previous: number, next: number) =>
  (Math.abs(next - previous) / previous) * 100
