import { formatJalaliDateTime, formatNumberFa, formatToman } from '@arzpol/contracts'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/forms.tsx'
import { SiteAndAmountRows, StatusBadge } from '~/features/orders/order-card.tsx'
import { requireUser } from '~/features/auth/auth.server.ts'
import { getOrder } from '~/features/orders/orders.server.ts'
import {
  customerStageLabel,
  PAID_STAGES,
  PAY_AGAIN_STAGES,
  payAgainHref,
  paymentTypeLabel,
  STAGE_LABELS,
} from '~/features/orders/orders.ts'
import { flashCookie } from '~/features/auth/session.server.ts'
import { DocumentsSection } from '~/features/orders/documents.tsx'
import { MoneyBackSection } from '~/features/orders/money-back.tsx'
import { PaymentResult, paymentOutcomeOf } from '~/features/orders/payment-result.tsx'
import {
  PayoutMissingSection,
  ShebaForm,
  showsShebaForm,
} from '~/features/orders/payout-missing.tsx'
import { saveSheba, SHEBA_MESSAGES } from '~/features/orders/payout.server.ts'
import { CancelOrder } from '~/features/orders/cancel-order.tsx'
import { CANCEL_MESSAGES, cancelOwnOrder } from '~/features/orders/cancel.server.ts'
import {
  DOCUMENT_MESSAGES,
  listDocuments,
  readDocumentForm,
  uploadDocument,
} from '~/features/orders/documents.server.ts'
import { useLiveUpdates } from '~/features/live/use-live-updates.ts'
import { useRevalidateWhenIdle } from '~/features/live/use-revalidate-when-idle.ts'
import { orderVersion } from '~/features/orders/order-version.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One order: its amounts, its timeline, and, after the bank's return, what happened and what
 * comes next, in Persian (`PaymentResult`).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const id = Number(params.orderId)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not found', { status: 404 })
  const result = await getOrder(request, tokens.access, id)
  if (!result.ok) {
    throw new Response('Not found', { status: result.status === 404 ? 404 : 502, headers })
  }
  const payment = paymentOutcomeOf(new URL(request.url).searchParams.get('payment'))
  // Cash-out orders carry the customer's income documents.
  const documents =
    result.data.payment_type === 'payout' ? await listDocuments(request, tokens.access, id) : null
  // One key per rendered pay button: a double click starts the payment once (Idempotency-Key).
  return data({ order: result.data, payment, documents, payKey: crypto.randomUUID() }, { headers })
}

export interface OrderActionData {
  /** The document form's errors. */
  errors: string[]
  /** The Sheba form's (ADR 017): its field, and the form as a whole. */
  sheba?: { field: string[]; form: string[] }
  /** The form of the account money goes back to (ADR 038). */
  refundAccount?: { field: string[]; form: string[] }
  /** The cancel button's refusal (the order moved on meanwhile). */
  cancel?: string[]
}

/**
 * Uploads a document (multipart), records a cash-out's Sheba (`intent=sheba`) or the account
 * money goes back to (`intent=refund-account`), or cancels an order awaiting payment
 * (`intent=cancel`); all work without JavaScript, then show the page again.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = Number(params.orderId)
  if (!/^\d{1,15}$/.test(params.orderId ?? '') || id <= 0) {
    throw new Response('Not found', { status: 404 })
  }
  const { tokens, headers } = await requireUser(request)
  const submitted = await readDocumentForm(request)
  if (submitted.form.get('intent') === 'cancel') {
    const cancelled = await cancelOwnOrder(request, tokens.access, id)
    if (!cancelled.ok) {
      if (cancelled.status === 404) throw new Response('Not found', { status: 404, headers })
      return data<OrderActionData>(
        { errors: [], cancel: cancelled.errors },
        { status: cancelled.status, headers },
      )
    }
    headers.append('Set-Cookie', flashCookie.serialize({ message: CANCEL_MESSAGES.cancelled }))
    throw redirect(`/dashboard/orders/${id}`, { headers })
  }
  const intent = submitted.form.get('intent')
  if (intent === 'sheba' || intent === 'refund-account') {
    const purpose = intent === 'sheba' ? 'payout' : 'refund'
    const saved = await saveSheba(request, tokens.access, id, submitted.form, purpose)
    if (!saved.ok) {
      if (saved.status === 404) throw new Response('Not found', { status: 404, headers })
      const errors = { field: saved.sheba, form: saved.form }
      return data<OrderActionData>(
        { errors: [], ...(purpose === 'payout' ? { sheba: errors } : { refundAccount: errors }) },
        { status: saved.status, headers },
      )
    }
    headers.append('Set-Cookie', flashCookie.serialize({ message: SHEBA_MESSAGES.saved }))
    throw redirect(`/dashboard/orders/${id}`, { headers })
  }
  const result = await uploadDocument(request, tokens.access, id, submitted)
  if (!result.ok) {
    if (result.status === 404) throw new Response('Not found', { status: 404, headers })
    return data<OrderActionData>({ errors: result.errors }, { status: result.status, headers })
  }
  headers.append('Set-Cookie', flashCookie.serialize({ message: DOCUMENT_MESSAGES.uploaded }))
  throw redirect(`/dashboard/orders/${id}`, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * The order follows what happens to it (ADR 043): paid, in progress, done, money on its way back
 * appear without a reload; the page's data is loaded again when its live stream says so.
 */
function useLiveOrder(order: Parameters<typeof orderVersion>[0] & { id: number }) {
  const revalidate = useRevalidateWhenIdle()
  useLiveUpdates(
    `/dashboard/orders/${order.id}/live`,
    () => new URLSearchParams({ version: orderVersion(order) }),
    { order: revalidate },
  )
}

export default function OrderPage() {
  const { order, payment, documents, payKey } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  useLiveOrder(order)
  const paid = PAID_STAGES.includes(order.stage)
  return (
    <div className="flex flex-col gap-5">
      <PaymentResult outcome={payment} expectedCard={order.expected_card} />
      <MoneyBackSection items={order.money_back} account={order.refund_account}>
        <ShebaForm
          purpose="refund"
          shebaErrors={actionData?.refundAccount?.field ?? []}
          formErrors={actionData?.refundAccount?.form ?? []}
        />
      </MoneyBackSection>
      <PayoutMissingSection stage={order.stage} missing={order.missing}>
        {showsShebaForm(order.missing) ? (
          <ShebaForm
            shebaErrors={actionData?.sheba?.field ?? []}
            formErrors={actionData?.sheba?.form ?? []}
          />
        ) : null}
      </PayoutMissingSection>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-extrabold text-slate-900">
            سفارش <bdi>#{formatNumberFa(order.id)}</bdi>
          </h1>
          <StatusBadge status={order.status} />
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">نوع خدمت</dt>
          <dd>{paymentTypeLabel(order.payment_type)}</dd>
          <dt className="text-slate-500">وضعیت دقیق</dt>
          <dd data-testid="order-stage" aria-live="polite">
            {customerStageLabel(order)}
          </dd>
          <SiteAndAmountRows order={order} />
          <dt className="text-slate-500">نرخ قفل‌شده</dt>
          <dd>{formatToman(order.rate_irr)}</dd>
          <dt className="text-slate-500">کارمزد</dt>
          <dd>{formatToman(order.fee_irr)}</dd>
          <dt className="font-semibold text-slate-700">
            {order.payment_type === 'payout' ? 'مبلغ قابل دریافت' : 'مبلغ کل'}
          </dt>
          <dd className="font-bold" data-testid="order-total">
            {formatToman(order.amount_irr)}
          </dd>
          <dt className="text-slate-500">تاریخ ثبت</dt>
          <dd>{formatJalaliDateTime(order.created_at)}</dd>
          {order.description ? (
            <>
              <dt className="text-slate-500">توضیحات</dt>
              <dd className="whitespace-pre-line">{order.description}</dd>
            </>
          ) : null}
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          {order.stage === 'awaiting_payment' && order.payment_type !== 'payout' ? (
            <Form method="post" action="/dashboard/new-request">
              <input type="hidden" name="order_id" value={order.id} />
              <input type="hidden" name="flow" value="retry" />
              <input type="hidden" name="idempotency_key" value={payKey} />
              <SubmitButton intent="start">پرداخت سفارش</SubmitButton>
            </Form>
          ) : null}
          {order.stage === 'awaiting_payment' ? (
            <CancelOrder errors={actionData?.cancel ?? []} />
          ) : null}
          {PAY_AGAIN_STAGES.includes(order.stage) ? (
            <Link
              to={payAgainHref(order.id)}
              data-testid="pay-again-link"
              className="inline-flex items-center rounded-xl bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800"
            >
              پرداخت مجدد
            </Link>
          ) : null}
          {paid ? (
            <Link
              to={`/dashboard/orders/${order.id}/receipt`}
              className="inline-flex items-center rounded-xl px-5 py-3 font-semibold text-teal-800 ring-1 ring-teal-300 hover:bg-teal-50"
            >
              رسید رسمی پرداخت
            </Link>
          ) : null}
          <Link
            to={`/dashboard/tickets?new=1&order=${order.id}`}
            className="inline-flex items-center rounded-xl px-5 py-3 font-semibold text-teal-800 ring-1 ring-teal-300 hover:bg-teal-50"
          >
            پرسش دربارهٔ این سفارش
          </Link>
          <Link
            to="/dashboard/orders"
            className="inline-flex items-center rounded-xl px-5 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            بازگشت به سفارش‌ها
          </Link>
        </div>
      </section>
      {documents !== null || order.payment_type === 'payout' ? (
        <DocumentsSection
          orderId={order.id}
          documents={documents}
          open={['awaiting_payment', 'awaiting_payout_details', 'paid', 'in_progress'].includes(
            order.stage,
          )}
          errors={actionData?.errors ?? []}
        />
      ) : null}
      <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h2 className="text-lg font-bold text-slate-900">تاریخچه سفارش</h2>
        {order.events.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">رویدادی ثبت نشده است.</p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3 border-s-2 border-slate-200 ps-4">
            {order.events.map((event) => (
              <li key={event.id} className="text-sm">
                <p className="font-semibold text-slate-800">
                  {STAGE_LABELS[event.to_stage] ?? event.to_stage}
                </p>
                <p className="text-slate-500">{formatJalaliDateTime(event.created_at)}</p>
                {event.note ? (
                  <p className="mt-1 text-slate-800" data-testid="order-event-note">
                    توضیح پشتیبانی: {event.note}
                  </p>
                ) : null}
                {event.reference ? (
                  <p className="text-slate-800" data-testid="order-event-reference">
                    شماره پیگیری: <bdi dir="ltr">{event.reference}</bdi>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('جزئیات سفارش | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
