import { formatJalaliDateTime, toPersianDigits } from '@arzpol/contracts'
import type { ReactNode } from 'react'

/**
 * Level-1 data as a definition list: the customer sees their national code masked, staff see it
 * in full (payments-service decides which it sends). Extra rows (a level) come first.
 */
export function IdentityDataList({
  identity,
  testId,
  children,
}: {
  identity: {
    first_name: string
    last_name: string
    national_code: string
    birth_date: string
    verified_at: string
  }
  testId?: string
  children?: ReactNode
}) {
  return (
    <dl
      className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
      data-testid={testId}
    >
      {children}
      <dt className="text-slate-500">نام و نام خانوادگی</dt>
      <dd>
        <bdi>
          {identity.first_name} {identity.last_name}
        </bdi>
      </dd>
      <dt className="text-slate-500">کد ملی</dt>
      <dd>
        <bdi dir="ltr">{identity.national_code}</bdi>
      </dd>
      <dt className="text-slate-500">تاریخ تولد</dt>
      <dd>
        {/* Year first, as Jalali dates are written; Persian digits like every date shown. */}
        <bdi dir="ltr" data-testid="identity-birth-date">
          {toPersianDigits(identity.birth_date)}
        </bdi>
      </dd>
      <dt className="text-slate-500">تأیید سطح ۱</dt>
      <dd>{formatJalaliDateTime(identity.verified_at)}</dd>
    </dl>
  )
}
