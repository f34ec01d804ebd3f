import { formatJalaliDate, formatNumberFa, formatToman, toLatinDigits } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import {
  normalizeStatus,
  paymentTypeLabel,
  STATUS_LABELS,
  type OrderStatus,
} from '~/features/orders/orders.ts'

/** Order building blocks shared by the dashboard home, the orders list and an order's page. */

const STATUS_LOOK: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
}

export function StatusBadge({ status }: { status: string }) {
  const normalized = normalizeStatus(status)
  return (
    <span
      data-testid="order-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_LOOK[normalized]}`}
    >
      {STATUS_LABELS[normalized]}
    </span>
  )
}

/** "۵۰٫۲۵ USD": a foreign amount as the API gives it ("50.25"), in Persian digits. */
export function formatForeignAmount(amount: string, currency: string): string {
  const value = Number(toLatinDigits(amount))
  const text = Number.isFinite(value)
    ? new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 2 }).format(value)
    : amount
  return `${text} ${currency}`
}

/** An order's site and foreign amount, as rows of the order page's and the receipt's `<dl>`. */
export function SiteAndAmountRows({
  order,
}: {
  order: { site_url: string; amount: string; currency: string }
}) {
  return (
    <>
      <dt className="text-slate-500">آدرس سایت</dt>
      <dd>
        <bdi dir="ltr">{order.site_url}</bdi>
      </dd>
      <dt className="text-slate-500">مبلغ ارزی</dt>
      <dd>
        <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
      </dd>
    </>
  )
}

export interface OrderCardData {
  id: number
  status: string
  payment_type: string
  site_url: string
  amount: string
  currency: string
  amount_irr: number
  description: string | null
  created_at: string
}

export function OrderCard({ order }: { order: OrderCardData }) {
  return (
    <li
      data-testid="order-card"
      className="rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-teal-300"
    >
      <Link to={`/dashboard/orders/${order.id}`} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold text-slate-900">
            سفارش <bdi>#{formatNumberFa(order.id)}</bdi> · {paymentTypeLabel(order.payment_type)}
          </span>
          <StatusBadge status={order.status} />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <span>
            <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
          </span>
          <span className="font-semibold text-slate-800">{formatToman(order.amount_irr)}</span>
          <span>{formatJalaliDate(order.created_at)}</span>
          <span className="truncate">
            <bdi dir="ltr">{order.site_url}</bdi>
          </span>
        </div>
        {order.description ? (
          <p className="line-clamp-2 text-sm text-slate-500">{order.description}</p>
        ) : null}
      </Link>
    </li>
  )
}
