import { formatJalaliDateTime, type StaffUserDetail } from '@arzpol/contracts'
import { ROLE_LABELS } from '~/features/staff/roles.ts'
import { AccountStatusBadge } from '~/features/users/account-status.tsx'

/** Who an account is, for staff: role, state, email, when it joined and last logged in. */
export function StaffUserAccountDetails({ account }: { account: StaffUserDetail }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-slate-500">نقش</dt>
      <dd data-testid="staff-user-role">{ROLE_LABELS[account.role]}</dd>
      <dt className="text-slate-500">وضعیت</dt>
      <dd data-testid="staff-user-status">
        <AccountStatusBadge account={account} since />
      </dd>
      {account.email ? (
        <>
          <dt className="text-slate-500">ایمیل</dt>
          <dd>
            <bdi dir="ltr">{account.email}</bdi>
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">عضویت</dt>
      <dd>{formatJalaliDateTime(account.created_at)}</dd>
      <dt className="text-slate-500">آخرین ورود</dt>
      <dd>{account.last_login_at ? formatJalaliDateTime(account.last_login_at) : '—'}</dd>
    </dl>
  )
}
