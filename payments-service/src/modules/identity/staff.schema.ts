import { z } from 'zod'
import { IDENTITY_LEVELS } from './customer.schema.ts'

/**
 * Limits per level as staff set them (issue 18): in toman, as the back office shows money. The
 * service stores rials (× 10).
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

export const LevelLimitsBody = z
  .object({
    levels: z.array(LevelLimitsToman).length(IDENTITY_LEVELS.length, 'سقف هر سه سطح را بفرستید'),
  })
  .superRefine(({ levels }, ctx) => {
    const seen = new Set(levels.map((row) => row.level))
    if (seen.size !== IDENTITY_LEVELS.length) {
      ctx.addIssue({ code: 'custom', path: ['levels'], message: 'هر سطح باید یک بار آمده باشد' })
      return
    }
    const sorted = [...levels].sort((a, b) => a.level - b.level)
    sorted.forEach((row, index) => {
      if (row.per_day_toman < row.per_order_toman || row.per_month_toman < row.per_day_toman) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', index],
          message:
            'سقف روزانه باید دست‌کم برابر سقف هر سفارش و سقف ماهانه دست‌کم برابر سقف روزانه باشد',
        })
      }
      const lower = sorted[index - 1]
      if (
        lower &&
        (row.per_order_toman < lower.per_order_toman ||
          row.per_day_toman < lower.per_day_toman ||
          row.per_month_toman < lower.per_month_toman)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', index],
          message: 'سقف‌های هر سطح نباید از سطح پایین‌تر کمتر باشد',
        })
      }
    })
  })

export const LevelLimitsOut = z.object({
  levels: z.array(
    LevelLimitsToman.extend({
      updated_at: z.iso.datetime().nullable(),
      updated_by: z.string().nullable(),
    }),
  ),
})
