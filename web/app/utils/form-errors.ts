import type { ApiErrorBody } from '@arzpol/contracts'

/** Errors of one form: messages about the whole form, and messages per field name. */
export interface FormErrors {
  form: string[]
  fields: Record<string, string[]>
}

export const NO_ERRORS: FormErrors = { form: [], fields: {} }

/**
 * Every message of a form's errors in one list: for a page that no longer shows the form they
 * belong to (another staff member acted first, the object moved on), so the refusal still says why.
 */
export function allMessages(errors: FormErrors): string[] {
  return [...errors.form, ...Object.values(errors.fields).flat()]
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0
}

/** The string fields of a FormData (files are never part of these forms). */
export function formDataToObject(formData: FormData): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of formData) {
    if (typeof value === 'string' && !(name in result)) result[name] = value
  }
  return result
}

/** Structural, so it takes the errors of classic zod and zod/mini alike. */
interface ValidationError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}

export function errorsFromZod(error: ValidationError): FormErrors {
  const errors: FormErrors = { form: [], fields: {} }
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string') (errors.fields[field] ??= []).push(issue.message)
    else errors.form.push(issue.message)
  }
  return errors
}

/**
 * A Django-REST-style error body from payments-service as form errors: `detail` and
 * `non_field_errors` go to the form, known fields to their inputs (renamed through `fieldMap`),
 * unknown fields to the form. With nothing usable, the spec's fallback message.
 */
export function errorsFromApi(
  body: ApiErrorBody | null | undefined,
  fallback: string,
  fieldMap: Record<string, string> = {},
): FormErrors {
  const errors: FormErrors = { form: [], fields: {} }
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      // `code` is a machine-readable reason beside `detail` when it is a string, and the OTP
      // field's errors when it is a list.
      if (key === 'code' && !Array.isArray(value)) continue
      const messages = (Array.isArray(value) ? value : [value]).filter(
        (m): m is string => typeof m === 'string' && m.trim() !== '',
      )
      if (messages.length === 0) continue
      const field = fieldMap[key]
      if (field) (errors.fields[field] ??= []).push(...messages)
      else errors.form.push(...messages)
    }
  }
  return hasErrors(errors) ? errors : { form: [fallback], fields: {} }
}
