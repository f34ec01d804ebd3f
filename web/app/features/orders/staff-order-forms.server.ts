import {
  normalizePhone,
  PHONE_INVALID_MESSAGE,
  PHONE_PATTERN,
  PAYMENT_TYPE_CODES,
  toLatinDigits,
  type StaffOrderQuery,
} from '@arzpol/contracts'
import { z } from 'zod'
import { ORDER_STAGES, QUEUE_PAGE_SIZE } from './queue.ts'
import {
  FORM_MESSAGES,
  jalaliDayRange,
  text,
  optionalText,
  requiredText,
  type ParsedForm,
  parseWith,
} from '~/features/staff/staff-forms.server.ts'
import { pageOf } from '~/features/staff/pager.tsx'

/** The back office's order forms as the server checks them (see staff-forms.server.ts). */

// ---- order actions -----------------------------------------------------------------------

export const TRANSITION_TARGETS = [
  'in_progress',
  'done',
  'rejected',
  'refunded',
  'cancelled',
] as const
export type TransitionTarget = (typeof TRANSITION_TARGETS)[number]

/** What one of the order's allowed actions needs (payments-service lists them per order). */
export interface ActionNeeds {
  to: TransitionTarget
  note_required: boolean
  reference_required: boolean
}

/** The Persian message of a blank required note, by what the action does. */
export function noteRequiredMessage(to: TransitionTarget): string {
  if (to === 'rejected' || to === 'refunded') return FORM_MESSAGES.rejectReason
  if (to === 'cancelled') return FORM_MESSAGES.cancelReason
  return FORM_MESSAGES.noteRequired
}

const transitionFields = z.object({
  to: text,
  note: optionalText(2000),
  internal_note: optionalText(2000),
  reference: optionalText(100).transform((value) => value && toLatinDigits(value)),
})

export interface TransitionInput {
  to: TransitionTarget
  note: string | null
  internal_note: string | null
  reference: string | null
}

/**
 * A staff transition form, checked against the actions the order allows right now: an action it
 * does not allow is refused before anything is sent, and required fields get their message.
 */
export function parseTransition(
  formData: FormData,
  allowed: readonly ActionNeeds[],
): ParsedForm<TransitionInput> {
  const parsed = parseWith(transitionFields, formData)
  if (!parsed.ok) return parsed
  const { to, note, internal_note, reference } = parsed.value
  const action = allowed.find((a) => a.to === to)
  if (!action) return { ok: false, errors: { form: [FORM_MESSAGES.actionNotAllowed], fields: {} } }
  const fields: Record<string, string[]> = {}
  if (action.note_required && !note) fields.note = [noteRequiredMessage(action.to)]
  if (action.reference_required && !reference) fields.reference = [FORM_MESSAGES.bankReference]
  if (Object.keys(fields).length > 0) return { ok: false, errors: { form: [], fields } }
  return {
    ok: true,
    value: { to: action.to, note, internal_note, reference },
  }
}

export const settleRefundSchema = z.object({
  refund: text.pipe(z.string().regex(/^\d{1,15}$/, FORM_MESSAGES.unknownAction)).transform(Number),
  reference: requiredText(FORM_MESSAGES.refundReference, 100).transform(toLatinDigits),
  note: optionalText(2000),
})

// ---- the orders queue's filters (a GET form: the query string) -----------------------------

export interface OrderFilters {
  /** What the form shows again. */
  values: { stage: string; type: string; from: string; to: string; phone: string; sort: string }
  /** What goes to payments-service (its query, with the paging always set). */
  query: StaffOrderQuery & Required<Pick<StaffOrderQuery, 'sort' | 'limit' | 'offset'>>
  page: number
  errors: Record<string, string[]>
}

/**
 * The queue's query string → payments-service's filters. Unknown stages and types are dropped;
 * Jalali dates are converted (a date that is not a real day is reported, not guessed).
 */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const get = (name: string) => (params.get(name) ?? '').trim()
  const stages = get('stage')
    .split(',')
    .filter((s) => (ORDER_STAGES as readonly string[]).includes(s))
  const type = PAYMENT_TYPE_CODES.find((code) => code === get('type')) ?? ''
  const sort = get('sort') === 'oldest' ? 'oldest' : 'newest'
  const { from, to, errors: dayErrors } = jalaliDayRange({ from: get('from'), to: get('to') })
  const errors: Record<string, string[]> = { ...dayErrors }
  const phoneRaw = get('phone')
  const phone = phoneRaw ? normalizePhone(phoneRaw) : ''
  if (phoneRaw && !PHONE_PATTERN.test(phone)) errors.phone = [PHONE_INVALID_MESSAGE]
  const page = pageOf(params)
  return {
    values: {
      stage: stages.join(','),
      type,
      from: get('from'),
      to: get('to'),
      phone: phoneRaw,
      sort,
    },
    query: {
      ...(stages.length ? { stage: stages.join(',') } : {}),
      ...(type ? { payment_type: type } : {}),
      ...(from && !errors.to ? { from } : {}),
      ...(to && !errors.to ? { to } : {}),
      ...(phone && !errors.phone ? { phone } : {}),
      sort,
      limit: QUEUE_PAGE_SIZE,
      offset: (page - 1) * QUEUE_PAGE_SIZE,
    },
    page,
    errors,
  }
}
