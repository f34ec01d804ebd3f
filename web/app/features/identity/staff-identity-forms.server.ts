import { RejectBody } from '@arzpol/contracts/identity/review'
import { LevelLimitsBody } from '@arzpol/contracts/identity/staff'
import type { z } from 'zod'
import { errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import {
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
  const parsed = LevelLimitsBody.safeParse({
    level: /^\d$/.test(values.level ?? '') ? Number(values.level) : values.level,
    ...Object.fromEntries(LIMIT_FIELDS.map((f) => [f, parseWholeNumber(values[f] ?? '')])),
  })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: errorsFromZod(parsed.error) }
}

export const parseRejection = (formData: FormData) => parseWith(RejectBody, formData)
