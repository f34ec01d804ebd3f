import { readFormData } from '~/utils/form-data.server.ts'
import {
  formatJalaliDateTime,
  formatNumberFa,
  formatToman,
  toPersianDigits,
} from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { ROLE_LABELS } from '~/features/staff/roles.ts'
import { bankLogoLinks } from '~/features/identity/bank-logo.tsx'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { AccountStatusBadge } from '~/features/users/account-status.tsx'
import { Badge, PageHeader, Panel, RecordLinkList } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { paymentTypeLabel } from '~/features/orders/orders.ts'
import { getUser, setBlocked, setSupportRole } from '~/features/users/staff-users.server.ts'
import { blockSchema, noteOnlySchema } from '~/features/users/staff-user-forms.server.ts'
import { FORM_MESSAGES, parseFormData } from '~/features/staff/staff-forms.server.ts'
import {
  idParam,
  readOrThrow,
  redirectWithFlash,
  requireStaff,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import { IdentityHistoryPanel } from '~/features/identity/identity-history.tsx'
import { getUserIdentity } from '~/features/identity/staff-identity.server.ts'
import { AccountClosing, CLOSE_INTENT } from '~/features/users/account-closing.tsx'
import { closeAccountAction, mayCloseAccount } from '~/features/users/account-closing.server.ts'

/**
 * One account: who it is, its recent orders and tickets, what staff did to it, and the actions
 * the viewer may take. Support may block and unblock customers; admins also grant and revoke the
 * support role. payments-service enforces the same rules; the page only hides what would fail.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, tokens, headers, role, user: me } = await requireStaffRecord(request, params.userId)
  const [result, identity] = await Promise.all([
    getUser(request, tokens.access, id),
    getUserIdentity(request, tokens.access, id),
  ])
  const target = readOrThrow(result, headers)
  const isSelf = target.id === me.id
  const canBlock =
    !isSelf &&
    target.role !== 'admin' &&
    target.closed_at === null &&
    (role === 'admin' || target.role === 'customer')
  return data(
    {
      account: target,
      // Staff accounts have no identity; a failed read only hides the section's contents.
      identity: identity.ok ? identity.data : null,
      canBlock,
      canChangeRole: role === 'admin' && !isSelf && target.role !== 'admin',
      canClose: mayCloseAccount(role, target),
    },
    { headers },
  )
}

const INTENTS = ['block', 'unblock', 'grant-support', 'revoke-support'] as const
type Intent = (typeof INTENTS)[number]

const DONE: Record<Intent, string> = {
  block: 'حساب کاربر مسدود شد؛ دیگر نمی‌تواند وارد شود.',
  unblock: 'حساب کاربر از حالت مسدود خارج شد.',
  'grant-support': 'نقش پشتیبان به این کاربر داده شد.',
  'revoke-support': 'نقش پشتیبان از این کاربر گرفته شد.',
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.userId)
  const form = await readFormData(request)
  if (form.get('intent') === CLOSE_INTENT) return closeAccountAction(request, id, form)
  const intent = String(form.get('intent') ?? '') as Intent
  if (!INTENTS.includes(intent)) {
    const { headers } = await requireStaff(request)
    return data(
      { intent, errors: { form: [FORM_MESSAGES.unknownAction], fields: {} } as FormErrors },
      { status: 400, headers },
    )
  }
  const roleChange = intent === 'grant-support' || intent === 'revoke-support'
  const { tokens, headers } = await requireStaff(request, roleChange ? 'admin' : 'staff')
  const fail = (errors: FormErrors, status = 400) => data({ intent, errors }, { status, headers })

  const parsed = parseFormData(intent === 'block' ? blockSchema : noteOnlySchema, form)
  if (!parsed.ok) return fail(parsed.errors)
  const note = parsed.value.note

  let result
  if (roleChange) {
    // The role calls take a phone: the account's own, read again so a stale page cannot aim it.
    const account = await getUser(request, tokens.access, id)
    if (!account.ok) return fail(staffFailure(account, 'خواندن حساب ممکن نشد'))
    result = await setSupportRole(request, tokens.access, intent === 'grant-support', {
      phone: account.data.phone,
      note,
    })
  } else {
    result = await setBlocked(request, tokens.access, id, intent === 'block', note)
  }
  if (!result.ok) return fail(staffFailure(result, 'این تغییر انجام نشد', { note: 'note' }))
  return redirectWithFlash(`/staff/users/${id}`, DONE[intent], headers)
}

const AUDIT_LABELS = {
  block: 'مسدود شد',
  unblock: 'رفع مسدودی',
  grant_support: 'نقش پشتیبان داده شد',
  revoke_support: 'نقش پشتیبان گرفته شد',
  second_factor_enrolled: 'تأیید دومرحله‌ای فعال شد',
  recovery_code_used: 'با کد بازیابی وارد شد',
  close: 'حساب بسته شد',
} as const

const ROW_LINK_CLASS = 'flex flex-wrap items-center gap-3 px-2 py-2 text-sm hover:bg-slate-50'

export default function StaffUser() {
  const { account, identity, canBlock, canChangeRole, canClose } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsFor = (intent: Intent) => (result?.intent === intent ? result.errors : undefined)
  // Errors of a form this page no longer shows (blocked meanwhile, role changed, unknown intent).
  const shown: string[] = [
    ...(canBlock ? [account.blocked ? 'unblock' : 'block'] : []),
    ...(canChangeRole ? [account.role === 'support' ? 'revoke-support' : 'grant-support'] : []),
    ...(canClose ? [CLOSE_INTENT] : []),
  ]
  const unplaced =
    result?.errors && !shown.includes(result.intent) ? allMessages(result.errors) : []
  return (
    <>
      <PageHeader
        title={account.username}
        back={{ to: '/staff/users', label: 'جستجوی کاربر دیگر' }}
      >
        <bdi dir="ltr">{toPersianDigits(account.phone)}</bdi> · کاربر #{formatNumberFa(account.id)}
      </PageHeader>
      {unplaced.length > 0 ? <FormAlert errors={unplaced} /> : null}
      <Panel title="حساب کاربری" testId="staff-user-account">
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
        {canBlock ? (
          <Form
            key={account.blocked ? 'unblock' : 'block'}
            method="post"
            noValidate
            className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4"
          >
            <FormAlert errors={errorsFor(account.blocked ? 'unblock' : 'block')?.form ?? []} />
            <Field
              name="note"
              label={account.blocked ? 'توضیح (اختیاری)' : 'دلیل مسدود کردن'}
              errors={errorsFor(account.blocked ? 'unblock' : 'block')?.fields.note}
            />
            <div>
              {account.blocked ? (
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
        ) : null}
        {canChangeRole ? (
          <Form
            key={account.role}
            method="post"
            noValidate
            className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4"
          >
            {(() => {
              const intent: Intent = account.role === 'support' ? 'revoke-support' : 'grant-support'
              return (
                <>
                  <FormAlert errors={errorsFor(intent)?.form ?? []} />
                  <Field
                    name="note"
                    label="توضیح تغییر نقش (اختیاری)"
                    errors={errorsFor(intent)?.fields.note}
                  />
                  <div>
                    <SubmitButton intent={intent} variant="secondary">
                      {intent === 'grant-support' ? 'دادن نقش پشتیبان' : 'گرفتن نقش پشتیبان'}
                    </SubmitButton>
                  </div>
                </>
              )
            })()}
          </Form>
        ) : null}
        <AccountClosing
          account={account}
          canClose={canClose}
          errors={result?.intent === CLOSE_INTENT ? result.errors : undefined}
        />
      </Panel>

      {account.role === 'customer' ? <IdentityHistoryPanel history={identity} /> : null}

      <RecordLinkList
        title={`سفارش‌ها (${formatNumberFa(account.orders_count)})`}
        items={account.orders}
        empty="سفارشی ثبت نشده است."
        to={(order) => `/staff/orders/${order.id}`}
        linkClassName={ROW_LINK_CLASS}
      >
        {(order) => (
          <>
            <bdi className="font-semibold">#{formatNumberFa(order.id)}</bdi>
            <span>{paymentTypeLabel(order.payment_type)}</span>
            <span>{formatToman(order.amount_irr)}</span>
            <StageBadge stage={order.stage} />
            <span className="text-slate-500">{formatJalaliDateTime(order.created_at)}</span>
          </>
        )}
      </RecordLinkList>

      <RecordLinkList
        title={`تیکت‌ها (${formatNumberFa(account.tickets_count)})`}
        items={account.tickets}
        empty="تیکتی ثبت نشده است."
        to={(ticket) => `/staff/tickets/${ticket.id}`}
        linkClassName={ROW_LINK_CLASS}
      >
        {(ticket) => (
          <>
            <bdi className="font-semibold">#{formatNumberFa(ticket.id)}</bdi>
            <span>{ticket.title}</span>
            {ticket.status === 'closed' ? <Badge>بسته</Badge> : <Badge tone="emerald">باز</Badge>}
            {ticket.waiting_for_staff ? <Badge tone="amber">منتظر پاسخ</Badge> : null}
            <span className="text-slate-500">{formatJalaliDateTime(ticket.updated_at)}</span>
          </>
        )}
      </RecordLinkList>

      {account.audit.length > 0 ? (
        <Panel title="سابقه اقدامات کارکنان">
          <ul className="flex flex-col gap-2 text-sm">
            {account.audit.map((entry) => (
              <li key={entry.id}>
                <span className="font-semibold">{AUDIT_LABELS[entry.action]}</span> ·{' '}
                {entry.actor ? <bdi>{entry.actor.username}</bdi> : 'سامانه'} ·{' '}
                {formatJalaliDateTime(entry.created_at)}
                {entry.note ? <span className="text-slate-600"> · {entry.note}</span> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('کاربر | پنل پشتیبانی ارزپل')

// The bank logos' sprites, for the identity history's cards.
export const links: LinksFunction = () => bankLogoLinks()

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
