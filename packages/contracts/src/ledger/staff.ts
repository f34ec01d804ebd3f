import { z } from 'zod'

/** A Tehran calendar day, the bank day of SEP's reports. */
export const ReconciliationQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'روز را به شکل YYYY-MM-DD (میلادی) وارد کنید')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'این روز معتبر نیست'),
})

const Line = z.object({
  gateway: z.string(),
  gateway_tx_id: z.number().int(),
  payment_id: z.number().int(),
  res_num: z.string(),
  ref_num: z.string().nullable(),
  status: z.string(),
  bank_verified_irr: z.number().int(),
  ledger_captured_irr: z.number().int(),
  ledger_returned_irr: z.number().int(),
  difference_irr: z.number().int(),
})

export const ReconciliationOut = z.object({
  day: z.string(),
  lines: z.array(Line),
  totals: z.array(
    z.object({
      gateway: z.string(),
      bank_verified_irr: z.number().int(),
      ledger_captured_irr: z.number().int(),
    }),
  ),
  differences: z.array(Line),
})
