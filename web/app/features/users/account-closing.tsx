import { formatJalaliDateTime } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { CheckboxField, FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { Badge } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * Closing a customer's account on the staff customer page (ADR 025): an admin, at the
 * customer's request, with a reason and a ticked confirmation (it works without JavaScript, and
 * a mistaken click cannot close anyone). A closed account shows when it closed instead.
 * payments-service refuses while anything is open for the customer; its Persian reason comes
 * back in `errors`.
 */

export const CLOSE_INTENT = 'close'

export function AccountClosing({
  account,
  canClose,
  errors,
}: {
  account: { closed_at: string | null }
  canClose: boolean
  errors: FormErrors | undefined
}) {
  if (account.closed_at) {
    return (
      <p className="mt-5 border-t border-slate-100 pt-4 text-sm" data-testid="staff-user-closed">
        <Badge tone="red">حساب بسته شده در {formatJalaliDateTime(account.closed_at)}</Badge>{' '}
        <span className="text-slate-600">
          ورود ممکن نیست و مدارک هویتی پس از پایان دوره نگهداری حذف می‌شوند.
        </span>
      </p>
    )
  }
  if (!canClose) return null
  return (
    <Form
      method="post"
      noValidate
      className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4"
      data-testid="staff-user-close"
    >
      <h3 className="text-sm font-semibold text-slate-800">بستن حساب به درخواست مشتری</h3>
      <FormAlert errors={errors?.form ?? []} />
      <TextAreaField
        name="reason"
        rows={3}
        label="دلیل بستن حساب (مثلاً شماره تیکت درخواست مشتری)"
        maxLength={500}
        required
        errors={errors?.fields.reason}
      />
      <CheckboxField
        name="confirm"
        value="yes"
        required
        label="مطمئنم: حساب برای همیشه مسدود می‌شود و دوباره باز نمی‌شود."
        errors={errors?.fields.confirm}
      />
      <div>
        <SubmitButton intent={CLOSE_INTENT} variant="secondary">
          بستن حساب
        </SubmitButton>
      </div>
    </Form>
  )
}
