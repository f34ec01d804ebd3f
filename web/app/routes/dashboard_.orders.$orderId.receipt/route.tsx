import { formatNumberFa } from '@arzpol/contracts'
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { loadReceipt } from '~/features/orders/receipt.server.ts'
import {
  RECEIPT_NOTE,
  RECEIPT_SUBTITLE,
  RECEIPT_TITLE,
  receiptRows,
  type ReceiptRow,
} from '~/features/orders/receipt.ts'
import printButtonScript from '~/features/orders/print-button.js?url&no-inline'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * The official receipt the pages promise: a printable page for a paid order, with the
 * rate locked at order time, and its PDF (`receipt.pdf`). Outside the dashboard layout so it
 * prints on its own.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, customer, headers } = await loadReceipt(request, params.orderId)
  return data({ order, customer }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** One row: a Latin-digit number stays left to right, in the face a bank's form is read in. */
function Row({ row }: { row: ReceiptRow }) {
  return (
    <>
      <dt className={row.total ? 'font-semibold text-slate-800' : 'text-slate-500'}>{row.label}</dt>
      <dd className={row.total ? 'font-bold' : undefined} data-testid={row.testId}>
        <bdi dir={row.direction} className={row.code ? 'font-mono' : undefined}>
          {row.value}
        </bdi>
      </dd>
    </>
  )
}

// A document to read and print (ADR 044); its print button is wired by a few lines of its own.
export const handle: HydrateHandle = { hydrate: false }

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
            <h1 className="text-xl font-extrabold text-slate-900">{RECEIPT_TITLE}</h1>
            <p className="mt-1 text-sm text-slate-600">{RECEIPT_SUBTITLE}</p>
          </div>
          <p className="text-sm text-slate-600">
            شماره سفارش <bdi className="font-bold">{formatNumberFa(order.id)}</bdi>
          </p>
        </header>
        {/* A bank's reference or a site address may be longer than a phone is wide: it wraps. */}
        <dl className="mt-5 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm sm:gap-x-6 [&_dd]:[overflow-wrap:anywhere]">
          {receiptRows(order, customer).map((row) => (
            <Row key={row.label} row={row} />
          ))}
        </dl>
        <p className="mt-6 border-t border-slate-200 pt-4 text-xs leading-6 text-slate-500">
          {RECEIPT_NOTE}
        </p>
      </article>
      <div data-print-hidden className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          data-print-button
          className="rounded-xl bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800"
        >
          چاپ رسید
        </button>
        <a
          href={`/dashboard/orders/${order.id}/receipt.pdf`}
          download
          className="rounded-xl px-5 py-2.5 font-semibold text-teal-800 ring-1 ring-teal-700"
        >
          دریافت PDF
        </a>
        <Link
          to={`/dashboard/orders/${order.id}`}
          className="rounded-xl px-5 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300"
        >
          بازگشت به سفارش
        </Link>
      </div>
      <script src={printButtonScript} defer />
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('رسید پرداخت | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
