import { formatJalaliDate, formatNumberFa, toPersianDigits } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Field } from '~/components/forms.tsx'
import { ROLE_LABELS } from '~/features/staff/roles.ts'
import { Badge, PageHeader, RecordLinkList } from '~/features/staff/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { AccountStatusBadge } from '~/features/users/account-status.tsx'
import { findUsers } from '~/features/users/staff-users.server.ts'
import { parsePhoneLookup } from '~/features/users/staff-user-forms.server.ts'
import { requireStaff, readOrThrow } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Find an account by phone (the whole number opens it directly; the first digits list matches).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const raw = new URL(request.url).searchParams.get('phone') ?? ''
  if (!raw.trim()) return data({ phone: '', errors: null, users: null }, { headers })
  const parsed = parsePhoneLookup(raw)
  if (!parsed.ok) return data({ phone: raw, errors: parsed.errors, users: null }, { headers })
  const result = readOrThrow(await findUsers(request, tokens.access, parsed.value), headers)
  const exact = result.results.filter((u) => u.phone === parsed.value)
  if (exact.length === 1 && exact[0]) throw redirect(`/staff/users/${exact[0].id}`, { headers })
  return data({ phone: raw, errors: null, users: result.results }, { headers })
}

export default function StaffUsers() {
  const { phone, errors, users } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="کاربران">جستجو با شماره موبایل یا چند رقم اول آن</PageHeader>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <Field
          name="phone"
          label="شماره موبایل"
          inputMode="tel"
          dir="ltr"
          defaultValue={phone}
          errors={errors?.fields.phone}
          className="min-w-60 flex-1"
        />
        <Button type="submit">جستجو</Button>
      </Form>
      {users === null ? null : (
        <RecordLinkList
          items={users}
          empty="کاربری با این شماره پیدا نشد."
          to={(user) => `/staff/users/${user.id}`}
          linkClassName="flex flex-wrap items-center gap-3 px-2 py-3 hover:bg-slate-50"
        >
          {(user) => (
            <>
              <bdi dir="ltr" className="font-semibold">
                {toPersianDigits(user.phone)}
              </bdi>
              <bdi>{user.username}</bdi>
              <Badge tone={user.role === 'customer' ? 'slate' : 'violet'}>
                {ROLE_LABELS[user.role]}
              </Badge>
              <AccountStatusBadge account={user} />
              <span className="text-sm text-slate-500">
                عضویت {formatJalaliDate(user.created_at)} · #{formatNumberFa(user.id)}
              </span>
            </>
          )}
        </RecordLinkList>
      )}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('کاربران | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
