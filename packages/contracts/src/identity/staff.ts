import { z } from 'zod'
import { IDENTITY_LEVELS } from './customer.ts'

/**
 * Limits per identity level as staff set them (ADR 022): in toman, as the back office shows money.
 * The service stores rials (× 10).
 */

/** 10 000 000 000 000 toman: far above any order, far below Number.MAX_SAFE_INTEGER / 10. */
const MAX_TOMAN = 10_000_000_000_000

const toman = z
  .number({ error: 'عدد صحیح تومان وارد کنید' })
  .int('عدد صحیح تومان وارد کنید')
  .min(1, 'سقف باید بیشتر از صفر باشد')
  .max(MAX_TOMAN, 'این سقف بیش از اندازه بزرگ است')

export const LevelLimitsToman = z.object({
  level: z.union(IDENTITY_LEVELS.map((level) => z.literal(level))),
  per_order_toman: toman,
  per_day_toman: toman,
  per_month_toman: toman,
})

/**
 * One level's limits. Per order ≤ per day ≤ per month here; that no level falls below the one
 * under it (or above the one over it) is checked against the stored levels, under their lock.
 */
export const LevelLimitsBody = LevelLimitsToman.superRefine((row, ctx) => {
  if (row.per_day_toman < row.per_order_toman || row.per_month_toman < row.per_day_toman) {
    ctx.addIssue({
      code: 'custom',
      path: ['per_day_toman'],
      message:
        'سقف روزانه باید دست‌کم برابر سقف هر سفارش و سقف ماهانه دست‌کم برابر سقف روزانه باشد',
    })
  }
})

export const LEVEL_ORDER_MESSAGE =
  'سقف‌های هر سطح باید دست‌کم برابر سطح پایین‌تر و حداکثر برابر سطح بالاتر باشد'

export const LevelLimitsOut = z.object({
  levels: z.array(
    LevelLimitsToman.extend({
      updated_at: z.iso.datetime().nullable(),
      updated_by: z.string().nullable(),
    }),
  ),
})
