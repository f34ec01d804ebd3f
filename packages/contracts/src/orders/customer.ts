import { MAX_SITE_URL_LENGTH, normalizeSiteUrl } from '../site-url.ts'
import {
  ORDER_CURRENCIES,
  ORDER_STAGES as STAGES,
  PAYMENT_TYPE_CODES,
  type OrderCurrency,
} from '../orders.ts'
import { toLatinDigits } from '../digits.ts'
import { z } from 'zod'
import { MAX_ATTACHMENT_BYTES, UploadedFile } from '../uploads.ts'
import { hasForbiddenCharacters } from '../text.ts'
import { amountMinorSchema } from '../catalog/amount.ts'
import { QuoteOut } from '../catalog/customer.ts'
import { MESSAGES } from './messages.ts'
import { orderAmountFields, orderHeadFields } from './order-fields.ts'
import { findPaymentType, type PaymentType } from '../catalog/payment-types.ts'
import { isValidSheba, normalizeSheba } from './sheba.ts'
import { normaliseCardNumber } from '../identity/cards.ts'

/**
 * What a cash-out needs before staff can settle it (ADR 017; fulfilment/payout-details.ts
 * decides what is missing): the Sheba the rials go to, at least one income document, the
 * customer's identity level 1 (ADR 024: the Sheba must be the customer's own), and the order's
 * Sheba checked as the customer's at level 1 (`sheba_owner_check`, ADR 028: a Sheba given
 * before level 1, or one the provider could not answer for yet, waits for it).
 */
export const PAYOUT_REQUIREMENTS = [
  'sheba',
  'income_documents',
  'identity_level',
  'sheba_owner_check',
] as const
export type PayoutRequirement = (typeof PAYOUT_REQUIREMENTS)[number]

export { MESSAGES }

/** A customer's text: at most `max` characters, no control characters (tab and newlines in a multi-line one). */
const text = (max: number, multiline = false) =>
  z
    .string()
    .max(max, MESSAGES.tooLong(max))
    .refine((value) => !hasForbiddenCharacters(value, multiline), MESSAGES.invalidCharacters)

/** "example.com" or "https://example.com/x" → an http(s) URL with a dotted host (site-url.ts), or an issue. */
export const siteUrlSchema = z
  .string({ error: MESSAGES.siteUrl })
  .trim()
  .min(1, MESSAGES.siteUrl)
  .max(MAX_SITE_URL_LENGTH, MESSAGES.siteUrl)
  .transform((value, ctx) => {
    const url = normalizeSiteUrl(value)
    if (url !== null) return url
    ctx.addIssue({ code: 'custom', message: MESSAGES.siteUrl })
    return z.NEVER
  })
  .meta({
    description: 'The service\'s address; "example.com" gets https://',
    examples: ['https://www.ets.org'],
  })

export const shebaSchema = z
  .string({ error: MESSAGES.sheba })
  .transform((value, ctx) => {
    if (isValidSheba(value)) return normalizeSheba(value)
    ctx.addIssue({ code: 'custom', message: MESSAGES.sheba })
    return z.NEVER
  })
  .meta({
    description: 'IR + 24 digits, mod-97 checked (cash-out only)',
    examples: ['IR820540102680020817909002'],
  })

const optionalText = (max: number, multiline = false) =>
  text(max, multiline)
    .nullish()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value,
    )

const MetaSchema = z
  .object({
    flow: z
      .string()
      .max(32)
      .regex(/^[a-z_]*$/)
      .optional(),
    service: z
      .string()
      .max(32)
      .regex(/^[a-z_]*$/)
      .optional(),
  })
  .nullish()
  .transform((value) => value ?? {})
  .meta({
    description: 'The deep-link flow (and subscription service) the request came from',
  })

export const CreateOrderBody = z
  .object({
    payment_type: z.enum(PAYMENT_TYPE_CODES, { error: MESSAGES.paymentType }),
    site_url: siteUrlSchema,
    site_username: optionalText(150).transform((value) => value?.trim() ?? null),
    site_password: optionalText(256).meta({ description: 'Stored encrypted; never returned' }),
    amount: amountMinorSchema,
    currency: z.enum(ORDER_CURRENCIES, { error: MESSAGES.currency }),
    description: optionalText(2000, true),
    meta: MetaSchema,
    sheba: shebaSchema.nullish(),
    quote_token: z
      .string({ error: 'قیمت ارسال‌شده معتبر نیست' })
      .max(512, 'قیمت ارسال‌شده معتبر نیست')
      .nullish()
      .meta({
        description:
          "The `quote_token` of GET /api/quote/ the customer saw: the order gets that quote's rate and fee while it is valid; otherwise 409 `quote_changed` with the new quote. Without it the order is priced at the current rate.",
      }),
  })
  // Runs even when other fields failed, so the form gets every message at once.
  .superRefine(
    (body, ctx) => {
      const type = findPaymentType(String(body.payment_type))
      if (!type) return
      if (type.needs_credentials) {
        if (!body.site_username)
          ctx.addIssue({ code: 'custom', path: ['site_username'], message: MESSAGES.username })
        if (!body.site_password)
          ctx.addIssue({ code: 'custom', path: ['site_password'], message: MESSAGES.password })
      }
    },
    { when: () => true } as never,
  )

export type CreateOrderInput = z.output<typeof CreateOrderBody>

/**
 * The type's order limits as admins set them (payment_type_settings), checked by the service
 * after the body parsed: they live in the database, so the synchronous schema cannot know them.
 */
export function amountLimitError(
  type: Pick<PaymentType, 'min_amount' | 'max_amount'>,
  amountMinor: number,
  currency: OrderCurrency,
): string | null {
  if (amountMinor < type.min_amount * 100) return MESSAGES.belowMinimum(type.min_amount, currency)
  if (amountMinor > type.max_amount * 100) return MESSAGES.aboveMaximum(type.max_amount, currency)
  return null
}

export const IdParams = z.object({
  id: z
    .string()
    .transform((value) => toLatinDigits(value))
    .pipe(z.string().regex(/^\d{1,15}$/))
    .transform(Number),
})

export const StartBody = z.object({
  card_number: z
    .string()
    .max(40)
    .nullish()
    // Only compared with the customer's registered cards, so a malformed one is simply not one.
    .transform((value) => (value ? normaliseCardNumber(value) || null : null))
    .meta({
      description:
        'Level 1 and above: the registered card to pay with (409 `card_not_registered` if it is not one); null picks the first registered card (409 `card_required` without any). Level 0: ignored (the original client sends null)',
    }),
  card_id: z.number().int().positive().nullish().meta({
    description:
      "Level 1 and above: the id of one of the customer's cards (GET /api/me/identity/cards/) to pay with, as the order form offers them; it wins over `card_number` (409 `card_not_registered` if it is not theirs)",
  }),
  flow: z.string().max(32).nullish(),
  sheba: shebaSchema
    .nullish()
    .meta({ description: 'Cash-out: where the rials go (if not given at creation)' }),
})

export const ShebaBody = z.object({
  sheba: shebaSchema.meta({
    description: 'Where the rials of the cash-out go: IR + 24 digits, mod-97 checked',
    examples: ['IR820540102680020817909002'],
  }),
})

export const RefundAccountBody = z.object({
  sheba: shebaSchema.meta({
    description:
      "Where money of this order that staff return by bank transfer goes: the customer's own account, IR + 24 digits, mod-97 checked",
    examples: ['IR820540102680020817909002'],
  }),
})

/** The account a transfer of this order's money goes to, as the customer gave it. */
export const RefundAccountOut = z.object({
  sheba: z.string(),
  bank_name: z.string().nullable().meta({ description: "The Persian name of the Sheba's bank" }),
  owner_checked: z.boolean().meta({
    description:
      "The owner inquiry matched the customer's national code (identity level 1 and up); false: given below level 1, staff check the owner by hand before the transfer",
  }),
})

export const StartResponse = z.object({
  gateway_url: z
    .string()
    .nullable()
    .meta({ description: 'POST a hidden form with `Token` here; null for cash-out' }),
  token: z.string().nullable(),
})

const rials = (description: string) => z.number().int().meta({ description })

export const CustomerOrderOut = z.object({
  ...orderHeadFields,
  site_username: z.string().nullable(),
  ...orderAmountFields,
  amount_irr: rials('Rials to pay (or, for cash-out, to receive): subtotal ± fee'),
  subtotal_irr: rials('Rials for the amount at the locked rate'),
  fee_irr: rials('Our fee in rials'),
  rate_irr: rials('Locked buy rate, rials per currency unit'),
  rate_locked_until: z.date().meta({ description: 'After this, start re-quotes' }),
  description: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  sheba: z.string().nullable(),
  paid_at: z.date().nullable(),
  created_at: z.date(),
})

export const OrderEventOut = z.object({
  id: z.number().int(),
  from_stage: z.enum(STAGES).nullable(),
  to_stage: z.enum(STAGES),
  reason: z.string(),
  actor: z.string(),
  note: z.string().nullable().meta({ description: "Staff's note for the customer" }),
  reference: z
    .string()
    .nullable()
    .meta({ description: 'Receipt or bank transfer reference staff recorded' }),
  created_at: z.date(),
})

/** Where is my money: a return of the order's money, or money held to return. */
export const MoneyBackOut = z.object({
  amount_irr: rials('Rials coming back to the customer'),
  status: z.enum(['held', 'requested', 'pending', 'done']).meta({
    description:
      'held: captured and not on the order, no return started yet; requested: the bank is asked to reverse it; pending: staff are to send a bank transfer; done: returned',
  }),
  reason: z.string().nullable().meta({
    description:
      'Why: duplicate_payment, late_payment, amount_mismatch, reference_mismatch, staff_refund, …',
  }),
  reference: z
    .string()
    .nullable()
    .meta({ description: "The bank's tracking number of the transfer, once known" }),
  created_at: z.date(),
  expected_by: z.date().nullable().meta({
    description:
      'A reversal: 1 day after the request; a transfer by staff: 3 working days (Fridays skipped); null when held or done',
  }),
  settled_at: z.date().nullable(),
})

/** ADR 017: what a cash-out still needs before staff can settle it. */
export const MissingOut = z.array(z.enum(PAYOUT_REQUIREMENTS)).meta({
  description:
    "Cash-out not yet with staff: what it still needs (`sheba`, `income_documents`, at least one document, `identity_level`, the customer at identity level 1, `sheba_owner_check`, the order's Sheba not yet confirmed as the customer's own at level 1: asked by itself when level 1 is reached, at start and at a document upload, or by giving the Sheba again); empty otherwise. Once nothing is missing a started cash-out goes to staff (`in_progress`).",
})

/** The bank of a cash-out's Sheba, from its bank code (`getShebaInfo`). */
const ShebaBankOut = z.string().nullable().optional().meta({
  description: "Cash-out: the Persian name of the Sheba's bank; null without a Sheba",
})

export const CustomerOrderWithMissingOut = CustomerOrderOut.extend({
  missing: MissingOut,
  sheba_bank_name: ShebaBankOut,
})

/** The bank's receipt of the payment that paid an order, as the customer's receipt shows it. */
export const BankReceiptOut = z.object({
  ref_num: z.string().nullable().meta({ description: "The bank's reference of the payment" }),
  rrn: z
    .string()
    .nullable()
    .meta({ description: 'The tracking number (RRN) the card holder sees' }),
  trace_no: z.string().nullable(),
  masked_pan: z.string().nullable().meta({ description: 'The paying card, masked by the bank' }),
  verified_at: z.date().nullable(),
})

export const CustomerOrderDetailOut = CustomerOrderOut.extend({
  missing: MissingOut,
  sheba_bank_name: ShebaBankOut,
  events: z.array(OrderEventOut),
  money_back: z
    .array(MoneyBackOut)
    .optional()
    .meta({ description: 'Money of this order coming back or held to return' }),
  bank_receipt: BankReceiptOut.nullable()
    .optional()
    .meta({ description: 'The verified bank payment of a paid order; null before it is paid' }),
  refund_account: RefundAccountOut.nullable().optional().meta({
    description:
      'Money of this order staff return by bank transfer goes to this account (POST /api/payments/{id}/refund-account/); null until the customer gives one',
  }),
  expected_card: z
    .object({ bank_name: z.string(), masked_number: z.string() })
    .nullable()
    .optional()
    .meta({
      description:
        "From identity level 1 (ADR 024): the customer's card the latest bank attempt accepts, which the bank refuses any other card for; null when that attempt took any card or there is none",
    }),
})

export const QuoteExpired = z.object({
  detail: z.string(),
  code: z.literal('quote_expired'),
  amount_irr: z.number().int(),
  rate_irr: z.number().int(),
  fee_irr: z.number().int(),
  rate_locked_until: z.string(),
})

/**
 * Why a `quote_token` no longer holds (payments-service catalog/quote-token.ts). `stale`: it was
 * priced from a copy of the rates or fees that was already out of date when it was made (a
 * change had been committed that this pod had not heard of yet; ADR 033).
 */
export const QUOTE_TOKEN_REFUSALS = [
  'malformed',
  'signature',
  'expired',
  'mismatch',
  'stale',
] as const

/** 409 `quote_changed` from create (ADR 013): `quote` is the current one, with its own token. */
export const QuoteChanged = z.object({
  detail: z.string(),
  code: z.literal('quote_changed'),
  reason: z.enum(QUOTE_TOKEN_REFUSALS),
  quote: QuoteOut,
})

// ---- order documents ------------------------------------------------------------------------

/** Order documents accept no GIFs (ticket attachments do): scans and papers only. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const isDocumentType = (type: string | null): type is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(type ?? '')

export const MAX_DOCUMENTS_PER_ORDER = 20

export const DOCUMENT_MESSAGES = {
  fileRequired: 'فایل لازم است',
  fileEmpty: 'فایل خالی است',
  fileType: 'نوع فایل مجاز نیست. فقط PDF یا تصویر (PNG، JPEG، WebP) بفرستید.',
  tooMany: `برای هر سفارش حداکثر ${MAX_DOCUMENTS_PER_ORDER.toLocaleString('fa-IR')} مدرک می‌توان فرستاد.`,
  closed: 'این سفارش بسته شده است و مدرک جدید نمی‌پذیرد.',
  notFound: 'یافت نشد',
} as const

const numericId = z
  .string()
  .transform((value) => toLatinDigits(value))
  .pipe(z.string().regex(/^\d{1,15}$/))
  .transform(Number)
export const OrderParams = z.object({ id: numericId })
export const DocumentParams = z.object({ id: numericId, docId: numericId })

export const documentFile = z
  .custom<UploadedFile>((value) => value instanceof UploadedFile, {
    error: DOCUMENT_MESSAGES.fileRequired,
  })
  .superRefine((file, ctx) => {
    if (file.size === 0) ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.fileEmpty })
    else if (!isDocumentType(file.type))
      ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.fileType })
  })
  .meta({
    description: `PDF, PNG, JPEG or WebP, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; the type is read from the bytes, never the name or the client's MIME type`,
    type: 'string',
    format: 'binary',
  })

export const DocumentOut = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  uploaded_by_user_id: z.number().int().nullable(),
  created_at: z.date(),
})
