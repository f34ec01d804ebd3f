import { formatJalaliDateTime } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { CopyButton } from '~/components/copy-button.tsx'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Badge, Panel } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * A staff account's second factor on its staff page (ADR 015, ADR 035): whether it is enrolled
 * and, for admins, the one-time enrolment link of an account that is not. The link is shown on
 * the answer that issued it only, with a copy button when JavaScript runs; it is to be handed to
 * the staff member apart from their password.
 */

export const ENROLMENT_LINK_INTENT = 'enrolment-link'

export interface IssuedLink {
  url: string
  expiresAt: string
}

export function SecondFactorPanel({
  enrolled,
  canIssue,
  issued,
  errors,
}: {
  enrolled: boolean
  canIssue: boolean
  issued: IssuedLink | undefined
  errors: FormErrors | undefined
}) {
  return (
    <Panel title="تأیید دومرحله‌ای" testId="staff-user-second-factor">
      <p className="text-sm">
        {enrolled ? <Badge tone="emerald">فعال</Badge> : <Badge tone="amber">هنوز فعال نشده</Badge>}
      </p>
      {issued ? (
        <div className="mt-4 flex flex-col gap-3" data-testid="enrolment-link">
          <p className="text-sm leading-7 text-slate-700">
            این پیوند فقط همین یک بار نمایش داده می‌شود و تا{' '}
            <bdi>{formatJalaliDateTime(issued.expiresAt)}</bdi> یک بار کار می‌کند. آن را جدا از رمز
            عبور به کارمند بدهید؛ پیوندهای قبلی این حساب دیگر کار نمی‌کنند.
          </p>
          <code
            dir="ltr"
            className="block rounded-xl bg-slate-100 px-4 py-3 font-mono text-sm break-all text-slate-900 select-all"
          >
            {issued.url}
          </code>
          <div>
            <CopyButton value={issued.url} label="کپی پیوند" testId="enrolment-link-copy" />
          </div>
        </div>
      ) : null}
      {canIssue && !issued ? (
        <Form method="post" noValidate className="mt-4 flex flex-col gap-3">
          <FormAlert errors={errors?.form ?? []} />
          <p className="text-sm leading-7 text-slate-600">
            این کارمند برای فعال‌سازی تأیید دومرحله‌ای به یک پیوند یک‌بارمصرف نیاز دارد؛ رمز عبور
            به‌تنهایی کافی نیست.
          </p>
          <div>
            <SubmitButton intent={ENROLMENT_LINK_INTENT} variant="secondary">
              ساخت پیوند فعال‌سازی
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </Panel>
  )
}
