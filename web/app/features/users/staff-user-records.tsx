import {
  formatJalaliDateTime,
  formatNumberFa,
  formatToman,
  type StaffUserAuditEntry,
  type StaffUserDetail,
} from '@arzpol/contracts'
import { paymentTypeLabel } from '~/features/orders/orders.ts'
import { StageBadge } from '~/features/orders/stage-badge.tsx'
import { TicketRecords } from '~/features/tickets/ticket-records.tsx'
import { Panel, RECORD_ROW_CLASS, RecordLinkList } from '~/features/staff/ui.tsx'

/** An account's records on its staff page: its recent orders and tickets, what staff did to it. */

const AUDIT_LABELS = {
  block: 'مسدود شد',
  unblock: 'رفع مسدودی',
  grant_support: 'نقش پشتیبان داده شد',
  revoke_support: 'نقش پشتیبان گرفته شد',
  second_factor_enrolled: 'تأیید دومرحله‌ای فعال شد',
  recovery_code_used: 'با کد بازیابی وارد شد',
  close: 'حساب بسته شد',
  enrolment_link_issued: 'پیوند فعال‌سازی تأیید دومرحله‌ای ساخته شد',
} as const

export function StaffUserOrders({
  account,
}: {
  account: Pick<StaffUserDetail, 'orders' | 'orders_count'>
}) {
  return (
    <RecordLinkList
      title={`سفارش‌ها (${formatNumberFa(account.orders_count)})`}
      items={account.orders}
      empty="سفارشی ثبت نشده است."
      to={(order) => `/staff/orders/${order.id}`}
      linkClassName={RECORD_ROW_CLASS}
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
  )
}

export function StaffUserTickets({
  account,
}: {
  account: Pick<StaffUserDetail, 'tickets' | 'tickets_count'>
}) {
  return (
    <TicketRecords
      title={`تیکت‌ها (${formatNumberFa(account.tickets_count)})`}
      tickets={account.tickets}
      empty="تیکتی ثبت نشده است."
    />
  )
}

/** What staff (or the system) did to the account, when there is anything. */
export function StaffUserAudit({ audit }: { audit: readonly StaffUserAuditEntry[] }) {
  if (audit.length === 0) return null
  return (
    <Panel title="سابقه اقدامات کارکنان">
      <ul className="flex flex-col gap-2 text-sm">
        {audit.map((entry) => (
          <li key={entry.id}>
            <span className="font-semibold">{AUDIT_LABELS[entry.action]}</span> ·{' '}
            {entry.actor ? <bdi>{entry.actor.username}</bdi> : 'سامانه'} ·{' '}
            {formatJalaliDateTime(entry.created_at)}
            {entry.note ? <span className="text-slate-600"> · {entry.note}</span> : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
