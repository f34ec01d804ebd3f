import { formatNumberFa, MAX_AMOUNT_UNITS } from '../money.ts'
import { z } from 'zod'
import { INVALID_AMOUNT, MINOR_PER_UNIT, parseAmountToMinor } from '../amount.ts'

/** An amount above the bound of pricing (MAX_AMOUNT_UNITS): refused before any rial is computed. */
export const AMOUNT_TOO_LARGE = `مبلغ نمی‌تواند بیش از ${formatNumberFa(MAX_AMOUNT_UNITS)} واحد ارزی باشد`

const MAX_AMOUNT_MINOR = BigInt(MAX_AMOUNT_UNITS) * MINOR_PER_UNIT

/**
 * A customer-typed amount (string or number, Persian digits accepted) → integer minor units.
 * Amounts are accepted as strings so "50.10" never goes through a float.
 */
export const amountMinorSchema = z
  .union([z.string(), z.number()], { error: INVALID_AMOUNT })
  .transform((value, ctx) => {
    const minor = parseAmountToMinor(value)
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_AMOUNT })
      return z.NEVER
    }
    if (minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE })
      return z.NEVER
    }
    return Number(minor)
  })
  .meta({
    description: `Decimal amount in currency units, > 0 and ≤ ${MAX_AMOUNT_UNITS}, at most 2 decimals ("50", "50.5", "۵۰٫۵"); a JSON number is accepted too`,
    examples: ['50.00'],
  })
