import { Field } from '~/components/forms.tsx'

/**
 * The tracking number of a bank transfer, as staff copy it from the bank's receipt: Latin left
 * to right, never spell-checked, and never offered from what was typed before, since a
 * suggestion taken by mistake would record another payment's reference on this one.
 */
export function BankReferenceField(props: {
  label: string
  required?: boolean
  errors: string[] | undefined
}) {
  return <Field name="reference" dir="ltr" autoComplete="off" spellCheck={false} {...props} />
}
