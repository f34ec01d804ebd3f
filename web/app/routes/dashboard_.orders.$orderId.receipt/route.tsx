import {
  formatJalaliDateTime,
  formatNumberFa,
  formatToman,
  toPersianDigits,
} from '@arzpol/contracts'
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { SiteAndAmountRows } from '~/features/orders/order-card.tsx'
import { requireUser } from '~/features/auth/auth.server.ts'
import { getOrder } from '~/features/orders/orders.server.ts'
import type { OrderDetail } from '~/features/orders/order-schemas.ts'
import { getIdentity } from '~/features/identity/identity.server.ts'
import { PAID_STAGES, paymentTypeLabel } from '~/features/orders/orders.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The official receipt the pages promise: a printable page for a paid order, with the
 * rate locked at order time. Outside the dashboard layout so it prints on its own.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tokens, headers } = await requireUser(request)
  const id = Number(params.orderId)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not found', { status: 404 })
  const [result, identity] = await Promise.all([
    getOrder(request, tokens.access, id),
    getIdentity(request, tokens.access),
  ])
  if (!result.ok) {
    throw new Response('Not found', { status: result.status === 404 ? 404 : 502, headers })
  }
  // Only a verified payment has a receipt.
  if (!PAID_STAGES.includes(result.data.stage)) {
    throw new Response('No receipt', { status: 404, headers })
  }
  // The verified name once identity level 1 has it; before that the phone number.
  const verified = identity.ok ? identity.data.identity : null
  const customer = verified
    ? `${verified.first_name} ${verified.last_name}`
    : toPersianDigits(user.username)
  return data({ order: result.data, customer }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type BankReceipt = NonNullable<OrderDetail['bank_receipt']>

/** What the bank said of the payment: the numbers a bank or support asks for, and the card. */
function BankReceiptRows({ receipt }: { receipt: BankReceipt }) {
  const rows: Array<[string, string | null, string]> = [
    ['شماره پیگیری بانک', receipt.rrn, 'receipt-rrn'],
    ['شماره مرجع', receipt.ref_num, 'receipt-ref'],
    ['کارت پرداخت‌کننده', receipt.masked_pan, 'receipt-card'],
  ]
  return rows.map(([label, value, testId]) =>
    value ? (
      <Fragment key={testId}>
        <dt className="text-slate-500">{label}</dt>
        <dd>
          {/* Latin digits, left to right: copied as a bank's form expects them. */}
          <bdi dir="ltr" className="font-mono" data-testid={testId}>
            {value}
          </bdi>
        </dd>
      </Fragment>
    ) : null,
  )
}

export default function ReceiptPage() {
  const { order, customer } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8" data-print-page>
      <article
        data-testid="receipt"
        className="rounded-2xl border border-slate-300 bg-white p-5 sm:p-8 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-4">
          <div>
            <h1 className="text-xl font-extrabold text-slate-900">رسید رسمی پرداخت</h1>
            <p className="mt-1 text-sm text-slate-600">ارزپل · پرداخت ارزی بین‌المللی</p>
          </div>
          <p className="text-sm text-slate-600">
            شماره سفارش <bdi className="font-bold">{formatNumberFa(order.id)}</bdi>
          </p>
        </header>
        {/* A bank's reference or a site address may be longer than a phone is wide: it wraps. */}
        <dl className="mt-5 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm sm:gap-x-6 [&_dd]:[overflow-wrap:anywhere]">
          <dt className="text-slate-500">مشتری</dt>
          <dd>
            <bdi>{customer}</bdi>
          </dd>
          <dt className="text-slate-500">نوع خدمت</dt>
          <dd>{paymentTypeLabel(order.payment_type)}</dd>
          <SiteAndAmountRows order={order} />
          <dt className="text-slate-500">نرخ قفل‌شده هر واحد</dt>
          <dd data-testid="receipt-rate">{formatToman(order.rate_irr)}</dd>
          <dt className="text-slate-500">مبلغ به نرخ قفل‌شده</dt>
          <dd>{formatToman(order.subtotal_irr)}</dd>
          <dt className="text-slate-500">کارمزد</dt>
          <dd>{formatToman(order.fee_irr)}</dd>
          <dt className="font-semibold text-slate-800">مبلغ پرداخت‌شده</dt>
          <dd className="font-bold">
            {formatToman(order.amount_irr)} (<bdi>{formatNumberFa(order.amount_irr)}</bdi> ریال)
          </dd>
          {order.bank_receipt ? <BankReceiptRows receipt={order.bank_receipt} /> : null}
          <dt className="text-slate-500">تاریخ ثبت سفارش</dt>
          <dd>{formatJalaliDateTime(order.created_at)}</dd>
          {order.paid_at ? (
            <>
              <dt className="text-slate-500">تاریخ پرداخت</dt>
              <dd>{formatJalaliDateTime(order.paid_at)}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-6 border-t border-slate-200 pt-4 text-xs leading-6 text-slate-500">
          نرخ این سفارش هنگام ثبت قفل شده و مبلغ بالا با همان نرخ محاسبه شده است. این رسید پس از
          تایید پرداخت توسط بانک صادر شده است.
        </p>
      </article>
      <div data-print-hidden className="mt-5 flex gap-3">
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-xl bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800"
        >
          چاپ رسید
        </button>
        <Link
          to={`/dashboard/orders/${order.id}`}
          className="rounded-xl px-5 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300"
        >
          بازگشت به سفارش
        </Link>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('رسید پرداخت | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
