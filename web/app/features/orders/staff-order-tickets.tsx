import { formatJalaliDateTime, formatNumberFa, type StaffOrderDetail } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import { Badge, Panel } from '~/features/staff/ui.tsx'

/**
 * The customer's tickets about this order, on its staff page: whoever works the order sees that
 * the customer asked about it, and opens the conversation in one step (the ticket links back).
 */
export function StaffOrderTickets({ tickets }: { tickets: StaffOrderDetail['tickets'] }) {
  if (!tickets?.length) return null
  return (
    <Panel title="تیکت‌های مشتری دربارهٔ این سفارش" testId="staff-order-tickets">
      <ul className="flex flex-col gap-2 text-sm">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link
              to={`/staff/tickets/${ticket.id}`}
              className="font-semibold text-teal-800 underline"
              data-testid="staff-order-ticket"
            >
              <bdi>{ticket.title}</bdi> (#{formatNumberFa(ticket.id)})
            </Link>
            {ticket.waiting_for_staff ? (
              <Badge tone="amber">منتظر پاسخ پشتیبانی</Badge>
            ) : (
              <Badge tone={ticket.status === 'open' ? 'emerald' : 'slate'}>
                {ticket.status === 'open' ? 'باز' : 'بسته'}
              </Badge>
            )}
            <span className="text-slate-500">{formatJalaliDateTime(ticket.created_at)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  )
}
