import type { FormEvent } from 'react'
import { useState } from 'react'
import type { ZodMiniType } from 'zod/mini'
import type { FormErrors } from './form-errors.ts'
import { NO_ERRORS, errorsFromZod, formDataToObject } from './form-errors.ts'

/**
 * Checks a form in the browser with the same zod schema its action uses, before anything is sent.
 * Without JavaScript nothing happens here and the action answers with the same messages.
 *
 * The errors shown are the browser's, until the server answers; a field's message disappears as
 * soon as the field is edited.
 */
export function useValidatedForm(
  schemaForIntent: (intent: string) => ZodMiniType | null,
  serverErrors: FormErrors | undefined,
) {
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null)
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors)
  if (serverErrors !== lastServerErrors) {
    // A new answer from the server replaces whatever the browser said before.
    setLastServerErrors(serverErrors)
    setClientErrors(null)
    setEdited(new Set())
  }

  const current = clientErrors ?? serverErrors ?? NO_ERRORS
  const errors: FormErrors = {
    form: current.form,
    fields: Object.fromEntries(
      Object.entries(current.fields).filter(([name]) => !edited.has(name)),
    ),
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const formData = new FormData(form, submitter)
    const schema = schemaForIntent(String(formData.get('intent') ?? ''))
    if (!schema) return
    const result = schema.safeParse(formDataToObject(formData))
    setEdited(new Set())
    if (result.success) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    const found = errorsFromZod(result.error)
    setClientErrors(found)
    const firstField = Object.keys(found.fields)[0]
    const target = firstField ? form.elements.namedItem(firstField) : null
    if (target instanceof HTMLElement) target.focus()
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target
    if (!(target instanceof HTMLInputElement) || !target.name || edited.has(target.name)) return
    setEdited(new Set(edited).add(target.name))
  }

  return { errors, onSubmit, onChange }
}
