import { formatJalaliDateTime, type StaffOrderDetail } from '@arzpol/contracts'
import { credentialsNeeded } from '@arzpol/contracts/orders/staff'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { Form } from '@remix-run/react'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * The customer's site credentials on a staff order: the password only in the answer of an
 * explicit (audited) reveal, the form that asks for it while the order needs it (paid or in
 * progress), or why it cannot be shown (not needed at this stage, or wiped).
 */
export function StaffOrderCredentials({
  order,
  revealed,
  errors,
}: {
  order: Pick<StaffOrderDetail, 'stage' | 'has_credentials' | 'credentials_wiped_at' | 'updated_at'>
  revealed: { site_username: string | null; site_password: string } | undefined
  /** The errors of the last `reveal` answer. */
  errors: FormErrors | undefined
}) {
  if (!order.has_credentials && !order.credentials_wiped_at) return null
  return (
    <Panel title="اطلاعات ورود سایت">
      {revealed ? (
        <div data-testid="revealed-credentials" className="flex flex-col gap-1 text-sm">
          <p>
            نام کاربری: <bdi dir="ltr">{revealed.site_username ?? '—'}</bdi>
          </p>
          <p>
            رمز عبور:{' '}
            <bdi dir="ltr" className="font-mono font-bold">
              {revealed.site_password}
            </bdi>
          </p>
          <p className="text-xs text-slate-500">این نمایش در تاریخچه سفارش به نام شما ثبت شد.</p>
        </div>
      ) : order.has_credentials && !credentialsNeeded(order.stage) ? (
        <p className="text-sm text-slate-600" data-testid="credentials-not-needed">
          {STAFF_MESSAGES.credentialsNotNeeded}
        </p>
      ) : order.has_credentials ? (
        <Form method="post" className="flex flex-col gap-2">
          <FormAlert errors={errors?.form ?? []} />
          <p className="text-sm text-slate-600">
            رمز عبور سایت مشتری رمزنگاری‌شده نگه داشته می‌شود. نمایش آن در تاریخچه سفارش ثبت می‌شود.
          </p>
          <div>
            <SubmitButton intent="reveal" variant="secondary">
              نمایش رمز عبور
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">
          رمز عبور پس از پایان دوره نگهداری پاک شد (
          {formatJalaliDateTime(order.credentials_wiped_at ?? order.updated_at)}).
        </p>
      )}
    </Panel>
  )
}
