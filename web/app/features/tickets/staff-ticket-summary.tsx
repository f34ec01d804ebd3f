import type { StaffTicket as StaffTicketOut } from '@arzpol/contracts/tickets/staff'
import { Link } from '@remix-run/react'
import type { z } from 'zod'
import { StaffOrderLink } from '~/features/orders/staff-order-link.tsx'
import { Badge, CustomerName, Panel } from '~/features/staff/ui.tsx'

export type StaffTicket = z.output<typeof StaffTicketOut>

/** A ticket for support: the customer, the order it is about if any, and where it stands. */
export function StaffTicketSummary({ ticket }: { ticket: StaffTicket }) {
  return (
    <Panel>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">مشتری</dt>
        <dd>
          <Link
            to={`/staff/users/${ticket.customer.id}`}
            className="font-semibold text-teal-800 underline"
          >
            <CustomerName {...ticket.customer} />
          </Link>
        </dd>
        {ticket.order_id ? (
          <>
            <dt className="text-slate-500">دربارهٔ سفارش</dt>
            <dd>
              <StaffOrderLink id={ticket.order_id} testId="staff-ticket-order" />
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">وضعیت</dt>
        <dd className="flex gap-2">
          {ticket.status === 'closed' ? <Badge>بسته</Badge> : <Badge tone="emerald">باز</Badge>}
          {ticket.waiting_for_staff ? <Badge tone="amber">منتظر پاسخ</Badge> : null}
          {ticket.resolved_at ? <Badge tone="emerald">حل‌شده</Badge> : null}
        </dd>
      </dl>
    </Panel>
  )
}
