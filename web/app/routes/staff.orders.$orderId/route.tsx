import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { OrderTimeline } from '~/features/orders/order-timeline.tsx'
import { StaffOrderActions } from '~/features/orders/staff-order-actions.tsx'
import { StaffOrderBankAttempts } from '~/features/orders/staff-order-bank-attempts.tsx'
import { StaffOrderCredentials } from '~/features/orders/staff-order-credentials.tsx'
import { StaffOrderTickets } from '~/features/orders/staff-order-tickets.tsx'
import { credentialsNeeded } from '@arzpol/contracts/orders/staff'
import { StaffOrderDetails } from '~/features/orders/staff-order-details.tsx'
import { StaffOrderDocuments } from '~/features/orders/staff-order-documents.tsx'
import { settleRefundIntent, StaffOrderRefunds } from '~/features/orders/staff-order-refunds.tsx'
import { PageHeader, Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import { paymentTypeLabel, STAGE_LABELS } from '~/features/orders/orders.ts'
import {
  getOrder,
  revealCredentials,
  settleRefund,
  transitionOrder,
} from '~/features/orders/staff-orders.server.ts'
import { FORM_MESSAGES, parseFormData } from '~/features/staff/staff-forms.server.ts'
import { proposedFlash } from '~/features/approvals/approvals.server.ts'
import { parseTransition, settleRefundSchema } from '~/features/orders/staff-order-forms.server.ts'
import { readStaffRecord } from '~/features/staff/staff-route.server.ts'
import {
  redirectWithFlash,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One order as staff see it: the customer, the amounts at the locked rate, documents, refunds,
 * bank attempts and the audit trail, and a form for each action payments-service allows at the
 * order's current stage. Site credentials are shown only after an explicit (audited) reveal, in
 * this one answer, never stored in a cookie or the page's cache.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { answer: order, headers } = await readStaffRecord(request, params.orderId, getOrder)
  return data({ order }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type ActionResult =
  | { intent: string; errors: FormErrors; revealed?: undefined }
  | {
      intent: 'reveal'
      errors?: undefined
      revealed: { site_username: string | null; site_password: string; revealed_at: string }
    }

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.orderId)
  headers.set('Cache-Control', 'private, no-store')
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const fail = (errors: FormErrors, status = 400) =>
    data<ActionResult>({ intent, errors }, { status, headers })

  if (intent === 'reveal') {
    const result = await revealCredentials(request, tokens.access, id)
    if (!result.ok) return fail(staffFailure(result, 'نمایش اطلاعات ورود ممکن نشد'))
    return data<ActionResult>({ intent, revealed: result.data }, { headers })
  }

  if (intent.startsWith('settle-refund:')) {
    const parsed = parseFormData(settleRefundSchema, form)
    if (!parsed.ok) return fail(parsed.errors)
    const { refund, reference, note } = parsed.value
    const result = await settleRefund(request, tokens.access, refund, { reference, note })
    if (!result.ok)
      return fail(
        staffFailure(result, 'ثبت بازپرداخت ممکن نشد', { reference: 'reference', note: 'note' }),
      )
    const flash = proposedFlash(result) ?? 'بازپرداخت با شماره پیگیری ثبت شد.'
    return redirectWithFlash(`/staff/orders/${id}`, flash, headers)
  }

  if (intent.startsWith('transition:')) {
    // Checked against what the order allows now, so a stale page gets a clear message.
    const current = await getOrder(request, tokens.access, id)
    if (!current.ok) return fail(staffFailure(current, 'خواندن سفارش ممکن نشد'))
    const parsed = parseTransition(form, current.data.actions)
    if (!parsed.ok) return fail(parsed.errors)
    const result = await transitionOrder(request, tokens.access, id, parsed.value)
    if (!result.ok) {
      return fail(
        staffFailure(result, 'تغییر وضعیت سفارش ممکن نشد', {
          note: 'note',
          reference: 'reference',
          internal_note: 'internal_note',
        }),
      )
    }
    if ('proposal' in result.data) {
      return redirectWithFlash(`/staff/orders/${id}`, proposedFlash(result) ?? '', headers)
    }
    const stage = STAGE_LABELS[result.data.stage] ?? result.data.stage
    return redirectWithFlash(
      `/staff/orders/${id}`,
      `سفارش #${formatNumberFa(id)} به مرحله «${stage}» رفت.`,
      headers,
    )
  }

  return fail({ form: [FORM_MESSAGES.unknownAction], fields: {} })
}

export default function StaffOrder() {
  const { order } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : undefined)
  // Errors of a form this page does not show (a transition the order no longer offers, a
  // refund settled meanwhile, an unknown intent) go above the actions instead.
  const shown = [
    ...order.actions.map((action) => `transition:${action.to}`),
    ...order.refunds
      .filter((refund) => refund.status === 'pending')
      .map((refund) => settleRefundIntent(refund.id)),
    ...(order.has_credentials && credentialsNeeded(order.stage) ? ['reveal'] : []),
  ]
  const unplaced =
    result?.errors && !shown.includes(result.intent) ? allMessages(result.errors) : []
  return (
    <>
      <PageHeader
        title={`سفارش #${formatNumberFa(order.id)}`}
        back={{ to: '/staff/orders', label: 'بازگشت به صف' }}
      >
        {paymentTypeLabel(order.payment_type)} · ثبت {formatJalaliDateTime(order.created_at)}
      </PageHeader>

      <div className="grid gap-5 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <StaffOrderDetails order={order} />
          <StaffOrderTickets tickets={order.tickets} />
          <StaffOrderDocuments orderId={order.id} documents={order.documents} />
          <StaffOrderRefunds refunds={order.refunds} errorsFor={errorsFor} />
          <StaffOrderBankAttempts attempts={order.gateway_attempts} />
          <Panel title="تاریخچه و رویدادها" testId="staff-order-events">
            <OrderTimeline events={order.events} />
          </Panel>
        </div>

        <div className="flex flex-col gap-5">
          <StaffOrderActions
            actions={order.actions}
            payout={order.payment_type === 'payout'}
            unplaced={unplaced}
            errorsFor={errorsFor}
          />
          <StaffOrderCredentials
            order={order}
            revealed={result?.revealed}
            errors={errorsFor('reveal')}
          />
        </div>
      </div>
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('سفارش | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
