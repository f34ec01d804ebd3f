import { z } from 'zod'
import { parseAmountToMinor } from './money.ts'

/** Spec §5 text for an amount that is missing, not a number, not > 0 or has > 2 decimals. */
export const INVALID_AMOUNT = 'مبلغ معتبر وارد کنید'

/**
 * A customer-typed amount (string or number, Persian digits accepted) → integer minor units.
 * Amounts are accepted as strings so "50.10" never goes through a float.
 */
export const amountMinorSchema = z
  .union([z.string(), z.number()], { error: INVALID_AMOUNT })
  .transform((value, ctx) => {
    const minor = parseAmountToMinor(value)
    if (minor === null || minor > BigInt(Number.MAX_SAFE_INTEGER)) {
      ctx.addIssue({ code: 'custom', message: INVALID_AMOUNT })
      return z.NEVER
    }
    return Number(minor)
  })
  .meta({
    description:
      'Decimal amount in currency units, > 0, at most 2 decimals ("50", "50.5", "۵۰٫۵"); a JSON number is accepted too',
    examples: ['50.00'],
  })
