import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import {
  PROPOSAL_KIND_LABELS,
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_STATUSES,
} from '@arzpol/contracts/proposals'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert, SubmitButton, TextAreaField } from '~/components/forms.tsx'
import { CURRENCY_LABELS } from '~/features/orders/orders.ts'
import {
  decideProposal,
  decisionSchema,
  listProposals,
  statusFilter,
  type Proposal,
} from '~/features/approvals/approvals.server.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'
import { readForStaff, readStaffForm } from '~/features/staff/staff-route.server.ts'
import { redirectWithFlash, staffFailure } from '~/features/staff/staff.server.ts'
import { Badge, EmptyState, PageHeader, Panel, ViewPills } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Four eyes: what a colleague proposed and waits for a second staff member (settling a large
 * cash-out, recording a large manual refund as paid, approving level 2, a large rate change,
 * giving or taking the support role). Each
 * shows who proposed what, for which order and amount (or account), with the transfer reference
 * to check against the bank; a colleague (an admin, for a role) approves
 * (the action happens then) or declines, always with a reason. One's own proposals show here
 * too, without the forms: payments-service refuses them anyway.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const status = statusFilter(new URL(request.url))
  const { user, answer, headers } = await readForStaff(request, (req, access) =>
    listProposals(req, access, status),
  )
  return data({ status, me: user.id, ...answer }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult = { id: number; errors: FormErrors }

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers, form } = await readStaffForm(request)
  const id = Number(form.get('id'))
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ id, errors }, { status, headers })
  const parsed = parseFormData(decisionSchema, form)
  if (!parsed.ok) return fail(parsed.errors)
  const { intent: decision, reason } = parsed.value
  const result = await decideProposal(request, tokens.access, parsed.value.id, decision, reason)
  if (!result.ok) return fail(staffFailure(result, 'ثبت تصمیم ممکن نشد', { reason: 'reason' }))
  const done = decision === 'approve' ? 'تأیید و انجام شد' : 'رد شد'
  return redirectWithFlash(
    '/staff/approvals',
    `پیشنهاد شماره ${formatNumberFa(parsed.value.id)} ${done}.`,
    headers,
  )
}

const STATUS_TONES = {
  pending: 'amber',
  approved: 'emerald',
  declined: 'red',
  expired: 'slate',
} as const

export default function StaffApprovals() {
  const { status, me, items, waiting_for_you } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // A refusal whose card shows no form (a tampered id, a proposal decided meanwhile) shows on top.
  const placed = items.some(
    (item) => item.id === result?.id && item.status === 'pending' && item.proposed_by.id !== me,
  )
  const unplaced = result && !placed ? allMessages(result.errors) : []
  const views = [...PROPOSAL_STATUSES, 'all' as const].map((view) => ({
    to: `/staff/approvals?status=${view}`,
    label: view === 'all' ? 'همه' : PROPOSAL_STATUS_LABELS[view],
    current: (status ?? 'all') === view,
  }))
  return (
    <>
      <PageHeader title="تأییدها">
        <span data-testid="proposals-waiting">
          {formatNumberFa(waiting_for_you)} پیشنهاد همکاران منتظر تأیید شماست
        </span>
      </PageHeader>
      {unplaced.length ? <FormAlert errors={unplaced} /> : null}
      <p className="text-sm text-slate-600">
        تسویه برداشت‌ها و ثبت واریز بازپرداخت‌های دستی بالاتر از سقف تعیین‌شده، تأیید احراز هویت سطح
        ۲، تغییر بزرگ نرخ و دادن یا گرفتن نقش پشتیبان را یک نفر به تنهایی انجام نمی‌دهد: همکاری
        پیشنهاد می‌دهد و همکار دیگری (برای نقش‌ها و نرخ‌ها یک مدیر دیگر) پس از بررسی، مثلاً دیدن
        واریز در صورت‌حساب بانک، با ذکر دلیل تأیید یا رد می‌کند. پیشنهادی که تا مهلتش بررسی نشود
        منقضی می‌شود.
      </p>
      <ViewPills label="وضعیت پیشنهادها" views={views} />
      {items.length === 0 ? (
        <EmptyState>پیشنهادی در این فهرست نیست.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard
                proposal={proposal}
                mine={proposal.proposed_by.id === me}
                tone={STATUS_TONES[proposal.status]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function ProposalCard({
  proposal,
  mine,
  tone,
}: {
  proposal: Proposal
  mine: boolean
  tone: (typeof STATUS_TONES)[keyof typeof STATUS_TONES]
}) {
  const actionData = useActionData<typeof action>()
  const errors = actionData?.id === proposal.id ? actionData.errors : undefined
  // The reason's messages sit under its field; any other (a tampered intent) on top of the form.
  const { reason: reasonErrors, ...otherFields } = errors?.fields ?? {}
  const formMessages = [...(errors?.form ?? []), ...Object.values(otherFields).flat()]
  return (
    <Panel
      testId={`proposal-${proposal.id}`}
      title={`پیشنهاد شماره ${formatNumberFa(proposal.id)}: ${PROPOSAL_KIND_LABELS[proposal.kind]}`}
    >
      <div className="flex flex-col gap-3 text-sm">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <Row term="وضعیت">
            <Badge tone={tone}>{PROPOSAL_STATUS_LABELS[proposal.status]}</Badge>
          </Row>
          <ProposalSubject proposal={proposal} />
          {proposal.reference ? (
            <Row term="شماره پیگیری واریز">
              <bdi dir="ltr">{proposal.reference}</bdi>
            </Row>
          ) : null}
          <Row term="پیشنهاددهنده">
            <bdi>{proposal.proposed_by.username}</bdi>، {formatJalaliDateTime(proposal.proposed_at)}
          </Row>
          <Row term="مهلت بررسی">{formatJalaliDateTime(proposal.expires_at)}</Row>
          {proposal.note ? (
            <Row term="توضیح پیشنهاددهنده">
              <span dir="auto">{proposal.note}</span>
            </Row>
          ) : null}
          {proposal.decided_by ? (
            <Row term="بررسی‌کننده">
              <bdi>{proposal.decided_by.username}</bdi>
              {proposal.decided_at ? `، ${formatJalaliDateTime(proposal.decided_at)}` : ''}
              {proposal.decision_reason ? (
                <>
                  {': '}
                  <span dir="auto">{proposal.decision_reason}</span>
                </>
              ) : null}
            </Row>
          ) : null}
        </dl>
        {proposal.status === 'pending' && mine ? (
          <p className="text-slate-600">این پیشنهاد شماست؛ همکار دیگری باید آن را بررسی کند.</p>
        ) : null}
        {proposal.status === 'pending' && !mine ? (
          <Form method="post" noValidate className="flex flex-col gap-3">
            <FormAlert errors={formMessages} />
            <input type="hidden" name="id" value={proposal.id} />
            <TextAreaField
              name="reason"
              label="دلیل تصمیم"
              rows={2}
              dir="auto"
              errors={reasonErrors}
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton intent="approve">تأیید و انجام</SubmitButton>
              <SubmitButton intent="decline" variant="secondary">
                رد پیشنهاد
              </SubmitButton>
            </div>
          </Form>
        ) : null}
      </div>
    </Panel>
  )
}

const linkClass = 'text-sky-700 underline'

/** What the proposal acts on, each with the link a colleague checks before deciding. */
function ProposalSubject({ proposal }: { proposal: Proposal }) {
  const { subject, order_id: orderId, customer_id: customerId, amount_irr: amount } = proposal
  return (
    <>
      {subject.type === 'identity_review' ? (
        <Row term="درخواست سطح ۲">
          <Link className={linkClass} to={`/staff/identity/${subject.id}`}>
            مدارک را پیش از تصمیم ببینید
          </Link>
        </Row>
      ) : null}
      {orderId !== null ? (
        <Row term="سفارش">
          <Link className={linkClass} to={`/staff/orders/${orderId}`}>
            #{formatNumberFa(orderId)}
          </Link>
        </Row>
      ) : null}
      {orderId === null && customerId !== null ? (
        <Row term="حساب">
          <Link className={linkClass} to={`/staff/users/${customerId}`}>
            کاربر #{formatNumberFa(customerId)}
          </Link>
        </Row>
      ) : null}
      {subject.type === 'currency' ? (
        <Row term="ارز">
          <Link className={linkClass} to={`/staff/rates?currency=${subject.id}`}>
            {CURRENCY_LABELS[subject.id] ?? subject.id}
          </Link>
        </Row>
      ) : null}
      {amount !== null ? (
        <Row term={subject.type === 'currency' ? 'نرخ خرید پیشنهادی' : 'مبلغ'}>
          {formatToman(amount)}
        </Row>
      ) : null}
    </>
  )
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-slate-700">{term}:</dt>
      <dd>{children}</dd>
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تأییدها | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
