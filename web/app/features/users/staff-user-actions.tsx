import type { UserRole } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * What staff may do to an account from its page: block or unblock it, and (admins) grant or
 * revoke the support role. Each form is keyed by the state it changes, so it starts empty again
 * once the change is made.
 */

/** The block form's intent for an account that is (or is not) blocked now. */
export const blockIntent = (blocked: boolean) => (blocked ? 'unblock' : 'block')

/** The role form's intent for an account with `role` now. */
export const supportRoleIntent = (role: UserRole) =>
  role === 'support' ? 'revoke-support' : 'grant-support'

export function BlockForm({
  blocked,
  errors,
}: {
  blocked: boolean
  errors: FormErrors | undefined
}) {
  return (
    <Form
      key={blockIntent(blocked)}
      method="post"
      noValidate
      className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <FormAlert errors={errors?.form ?? []} />
      <Field
        name="note"
        label={blocked ? 'توضیح (اختیاری)' : 'دلیل مسدود کردن'}
        errors={errors?.fields.note}
      />
      <div>
        {blocked ? (
          <SubmitButton intent="unblock" variant="secondary">
            رفع مسدودی حساب
          </SubmitButton>
        ) : (
          <SubmitButton intent="block" variant="secondary">
            مسدود کردن حساب
          </SubmitButton>
        )}
      </div>
    </Form>
  )
}

export function SupportRoleForm({
  role,
  errors,
}: {
  role: UserRole
  errors: FormErrors | undefined
}) {
  const intent = supportRoleIntent(role)
  return (
    <Form
      key={role}
      method="post"
      noValidate
      className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <FormAlert errors={errors?.form ?? []} />
      <Field name="note" label="توضیح تغییر نقش (اختیاری)" errors={errors?.fields.note} />
      <div>
        <SubmitButton intent={intent} variant="secondary">
          {intent === 'grant-support' ? 'دادن نقش پشتیبان' : 'گرفتن نقش پشتیبان'}
        </SubmitButton>
      </div>
    </Form>
  )
}
