import { formatJalaliDateTime, formatToman, type StaffOrderDetail } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import { formatForeignAmount } from '~/features/orders/order-card.tsx'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { Detail, DetailsPanel } from '~/features/staff/details.tsx'
import { CustomerName, Badge } from '~/features/staff/ui.tsx'

/**
 * A staff order's summary: its stage, the customer, the site, and the amounts at the locked
 * rate; the payment, the payout's SHEBA and the customer's description when there are any.
 */
export function StaffOrderDetails({ order }: { order: StaffOrderDetail }) {
  const payout = order.payment_type === 'payout'
  return (
    <DetailsPanel title="مشخصات سفارش" testId="staff-order-details">
      <Detail label="مرحله">
        <StageBadge stage={order.stage} />
      </Detail>
      <Detail label="مشتری" className="flex flex-wrap items-center gap-2">
        <Link
          to={`/staff/users/${order.customer.id}`}
          className="font-semibold text-teal-800 underline"
        >
          <CustomerName {...order.customer} />
        </Link>
        {order.customer.email ? <bdi dir="ltr">{order.customer.email}</bdi> : null}
        {order.customer.blocked ? <Badge tone="red">مسدود</Badge> : null}
      </Detail>
      <Detail label="آدرس سایت">
        <bdi dir="ltr">{order.site_url}</bdi>
      </Detail>
      {order.site_username ? (
        <Detail label="نام کاربری سایت">
          <bdi dir="ltr">{order.site_username}</bdi>
        </Detail>
      ) : null}
      <Detail label="مبلغ ارزی">
        <bdi dir="ltr">{formatForeignAmount(order.amount, order.currency)}</bdi>
      </Detail>
      <Detail label="نرخ قفل‌شده" testId="staff-order-rate">
        {formatToman(order.rate_irr)} (تا {formatJalaliDateTime(order.rate_locked_until)})
      </Detail>
      <Detail label="مبلغ به نرخ">{formatToman(order.subtotal_irr)}</Detail>
      <Detail label="کارمزد">{formatToman(order.fee_irr)}</Detail>
      <dt className="font-semibold text-slate-700">
        {payout ? 'مبلغ قابل واریز به مشتری' : 'مبلغ پرداختی مشتری'}
      </dt>
      <dd className="font-bold" data-testid="staff-order-total">
        {formatToman(order.amount_irr)}
      </dd>
      {order.paid_at ? <Detail label="پرداخت">{formatJalaliDateTime(order.paid_at)}</Detail> : null}
      {order.sheba ? (
        <Detail label="شبا">
          <bdi dir="ltr">{order.sheba}</bdi>
        </Detail>
      ) : null}
      {order.description ? (
        <Detail label="توضیحات مشتری" className="whitespace-pre-line">
          {order.description}
        </Detail>
      ) : null}
    </DetailsPanel>
  )
}
