import { normalizePhone, PHONE_PATTERN } from '@arzpol/contracts'
import { z } from 'zod'
import {
  FORM_MESSAGES,
  optionalText,
  requiredText,
  type ParsedForm,
} from '~/features/staff/staff-forms.server.ts'

/** The back office's user forms as the server checks them (see staff-forms.server.ts). */

// ---- users --------------------------------------------------------------------------------

/**
 * A phone to look up: a whole number in any usual form (+98…, Persian digits), or its first
 * digits (at least 4), which payments-service matches as a prefix.
 */
export function parsePhoneLookup(input: string): ParsedForm<string> {
  const phone = normalizePhone(input.trim())
  if (PHONE_PATTERN.test(phone) || /^0\d{3,10}$/.test(phone)) return { ok: true, value: phone }
  return { ok: false, errors: { form: [], fields: { phone: [FORM_MESSAGES.phoneLookup] } } }
}

// ---- users: block, unblock, support role ---------------------------------------------------

export const blockSchema = z.object({ note: requiredText(FORM_MESSAGES.blockNote, 500) })
export const noteOnlySchema = z.object({ note: optionalText(500) })
