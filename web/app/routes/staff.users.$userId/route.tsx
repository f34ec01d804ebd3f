import { readFormData } from '~/utils/form-data.server.ts'
import { formatNumberFa, toPersianDigits } from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '~/components/forms.tsx'
import { bankLogoLinks } from '~/features/identity/bank-logo.tsx'
import { PageHeader, Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import {
  getUser,
  issueEnrolmentLink,
  setBlocked,
  setSupportRole,
} from '~/features/users/staff-users.server.ts'
import {
  ENROLMENT_LINK_INTENT,
  SecondFactorPanel,
  type IssuedLink,
} from '~/features/users/second-factor-panel.tsx'
import { StaffUserAccountDetails } from '~/features/users/staff-user-account.tsx'
import {
  BlockForm,
  blockIntent,
  SupportRoleForm,
  supportRoleIntent,
} from '~/features/users/staff-user-actions.tsx'
import {
  StaffUserAudit,
  StaffUserOrders,
  StaffUserTickets,
} from '~/features/users/staff-user-records.tsx'
import { blockSchema, noteOnlySchema } from '~/features/users/staff-user-forms.server.ts'
import { proposedFlash } from '~/features/approvals/approvals.server.ts'
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
      // Staff who have not enrolled (new, or reset) enrol only with a link an admin issues.
      canIssueEnrolmentLink: role === 'admin' && !isSelf && target.second_factor_enrolled === false,
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
  if (form.get('intent') === ENROLMENT_LINK_INTENT) return enrolmentLinkAction(request, id)
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
  return redirectWithFlash(`/staff/users/${id}`, proposedFlash(result) ?? DONE[intent], headers)
}

/**
 * The link is answered as action data, not through a redirect: it is shown on this one
 * response, and a reload or another visit does not show it again.
 */
async function enrolmentLinkAction(request: Request, id: number) {
  const { tokens, headers } = await requireStaff(request, 'admin')
  const result = await issueEnrolmentLink(request, tokens.access, id)
  if (!result.ok) {
    return data(
      {
        intent: ENROLMENT_LINK_INTENT,
        errors: staffFailure(result, 'ساخت پیوند فعال‌سازی ممکن نشد'),
      },
      { status: result.status >= 400 && result.status < 500 ? result.status : 502, headers },
    )
  }
  const link: IssuedLink = { url: result.data.url, expiresAt: result.data.expires_at }
  headers.set('Cache-Control', 'private, no-store')
  return data({ intent: ENROLMENT_LINK_INTENT, link }, { headers })
}

export default function StaffUser() {
  const { account, identity, canBlock, canChangeRole, canClose, canIssueEnrolmentLink } =
    useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsFor = (intent: Intent) =>
    result?.intent === intent && 'errors' in result ? result.errors : undefined
  // Errors of a form this page no longer shows (blocked meanwhile, role changed, unknown intent).
  const shown: string[] = [
    ...(canBlock ? [blockIntent(account.blocked)] : []),
    ...(canChangeRole ? [supportRoleIntent(account.role)] : []),
    ...(canClose ? [CLOSE_INTENT] : []),
    ...(canIssueEnrolmentLink ? [ENROLMENT_LINK_INTENT] : []),
  ]
  const unplaced =
    result && 'errors' in result && result.errors && !shown.includes(result.intent)
      ? allMessages(result.errors)
      : []
  const enrolment = result?.intent === ENROLMENT_LINK_INTENT ? result : undefined
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
        <StaffUserAccountDetails account={account} />
        {canBlock ? (
          <BlockForm blocked={account.blocked} errors={errorsFor(blockIntent(account.blocked))} />
        ) : null}
        {canChangeRole ? (
          <SupportRoleForm
            role={account.role}
            errors={errorsFor(supportRoleIntent(account.role))}
          />
        ) : null}
        <AccountClosing
          account={account}
          canClose={canClose}
          errors={result?.intent === CLOSE_INTENT && 'errors' in result ? result.errors : undefined}
        />
      </Panel>

      {account.second_factor_enrolled !== null ? (
        <SecondFactorPanel
          enrolled={account.second_factor_enrolled}
          canIssue={canIssueEnrolmentLink}
          issued={enrolment && 'link' in enrolment ? enrolment.link : undefined}
          errors={enrolment && 'errors' in enrolment ? enrolment.errors : undefined}
        />
      ) : null}

      {account.role === 'customer' ? <IdentityHistoryPanel history={identity} /> : null}
      <StaffUserOrders account={account} />
      <StaffUserTickets account={account} />
      <StaffUserAudit audit={account.audit} />
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('کاربر | پنل پشتیبانی ارزپل')

// The bank logos' sprites, for the identity history's cards.
export const links: LinksFunction = () => bankLogoLinks()

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
