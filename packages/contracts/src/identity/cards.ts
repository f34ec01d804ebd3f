import { z } from 'zod'
import {
  CARD_MESSAGES,
  cardBankName,
  isValidCardNumber,
  normaliseCardNumber,
} from './card-numbers.ts'

/**
 * Bank cards the customer owns (ADR 024): the form of `POST /api/me/identity/cards/` and the
 * card as the API returns it (masked, never the full number). The texts and number checks are in
 * card-numbers.ts.
 */

export * from './card-numbers.ts'

export const CardNumber = z
  .string({ error: CARD_MESSAGES.required })
  .max(40, CARD_MESSAGES.cardInvalid)
  .transform(normaliseCardNumber)
  .superRefine((digits, ctx) => {
    if (digits === '') ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.required })
    else if (!isValidCardNumber(digits))
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.cardInvalid })
    else if (cardBankName(digits) === null)
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.unknownBank })
  })
  .meta({
    description:
      '16 digits, Luhn-checked, from a known Iranian bank; spaces, dashes and Persian digits accepted',
    examples: ['6037991234567890'],
  })

export const CardBody = z.object({ card_number: CardNumber })
export type CardInput = z.output<typeof CardBody>

export const CardOut = z.object({
  id: z.number().int(),
  masked_number: z.string().meta({ examples: ['603799******0006'] }),
  bank_name: z.string().meta({ description: "The issuing bank's Persian name (from the BIN)" }),
  created_at: z.date(),
})

export const CardListOut = z.array(CardOut)
