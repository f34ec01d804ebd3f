import { formatJalaliDateTime, formatToman, type StaffOrderDetail } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import { formatForeignAmount } from '~/features/orders/order-card.tsx'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { CustomerName, Badge, Panel } from '~/features/staff/ui.tsx'

/**
 * A staff order's summary: its stage, the customer, the site, and the amounts at the locked
 * rate; the payment, the payout's SHEBA and the customer's description when there are any.
 */
export function StaffOrderDetails({ order }: { order: StaffOrderDetail }) {
  const payout = order.payment_type === 'payout'
  return (
    <Panel title="مشخصات سفارش" testId="staff-order-details">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">مرحله</dt>
        <dd>
          <StageBadge stage={order.stage} />
        </dd>
        <dt className="text-slate-500">مشتری</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Link
            to={`/staff/users/${order.customer.id}`}
            className="font-semibold text-teal-800 underline"
          >
            <CustomerName {...order.customer} />
          </Link>
          {order.customer.email ? <bdi dir="ltr">{order.customer.email}</bdi> : null}
          {order.customer.blocked ? <Badge tone="red">مسدود</Badge> : null}
        </dd>
        <dt className="text-slate-500">آدرس سایت</dt>
        <dd>
          <bdi dir="ltr">{order.site_url}</bdi>
        </dd>
        {order.site_username ? (
          <>
            <dt className="text-slate-500">نام کاربری سایت</dt>
            <dd>
              <bdi dir="ltr">{order.site_username}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">مبلغ ارزی</dt>
        <dd>
          <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
        </dd>
        <dt className="text-slate-500">نرخ قفل‌شده</dt>
        <dd data-testid="staff-order-rate">
          {formatToman(order.rate_irr)} (تا {formatJalaliDateTime(order.rate_locked_until)})
        </dd>
        <dt className="text-slate-500">مبلغ به نرخ</dt>
        <dd>{formatToman(order.subtotal_irr)}</dd>
        <dt className="text-slate-500">کارمزد</dt>
        <dd>{formatToman(order.fee_irr)}</dd>
        <dt className="font-semibold text-slate-700">
          {payout ? 'مبلغ قابل واریز به مشتری' : 'مبلغ پرداختی مشتری'}
        </dt>
        <dd className="font-bold" data-testid="staff-order-total">
          {formatToman(order.amount_irr)}
        </dd>
        {order.paid_at ? (
          <>
            <dt className="text-slate-500">پرداخت</dt>
            <dd>{formatJalaliDateTime(order.paid_at)}</dd>
          </>
        ) : null}
        {order.sheba ? (
          <>
            <dt className="text-slate-500">شبا</dt>
            <dd>
              <bdi dir="ltr">{order.sheba}</bdi>
            </dd>
          </>
        ) : null}
        {order.description ? (
          <>
            <dt className="text-slate-500">توضیحات مشتری</dt>
            <dd className="whitespace-pre-line">{order.description}</dd>
          </>
        ) : null}
      </dl>
    </Panel>
  )
}
