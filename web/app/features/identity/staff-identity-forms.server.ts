import { RejectBody } from '@arzpol/contracts/identity/review'
import { IDENTITY_LEVELS } from '@arzpol/contracts/identity/customer'
import { LevelLimitsBody } from '@arzpol/contracts/identity/staff'
import type { z } from 'zod'
import { errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import {
  FORM_MESSAGES,
  parseWholeNumber,
  parseWith,
  type ParsedForm,
} from '~/features/staff/staff-forms.server.ts'

/**
 * The staff identity forms, checked with the contract's own schemas (payments-service applies
 * the same ones): one level's limits in toman (Persian digits and separators accepted) and a
 * rejection's reason.
 */

export const LIMIT_FIELDS = ['per_order_toman', 'per_day_toman', 'per_month_toman'] as const

export function parseLevelLimits(formData: FormData): ParsedForm<z.output<typeof LevelLimitsBody>> {
  const values = formDataToObject(formData)
  // The level is the form's hidden field: another value is a form this page never sent.
  const level = IDENTITY_LEVELS.find((known) => String(known) === values.level)
  if (level === undefined)
    return { ok: false, errors: { form: [FORM_MESSAGES.unknownAction], fields: {} } }
  const parsed = LevelLimitsBody.safeParse({
    level,
    ...Object.fromEntries(LIMIT_FIELDS.map((f) => [f, parseWholeNumber(values[f] ?? '')])),
  })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: errorsFromZod(parsed.error) }
}

export const parseRejection = (formData: FormData) => parseWith(RejectBody, formData)
