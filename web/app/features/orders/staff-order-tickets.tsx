import type { StaffOrderDetail } from '@arzpol/contracts'
import { TicketRecords } from '~/features/tickets/ticket-records.tsx'

/**
 * The customer's tickets about this order, on its staff page: whoever works the order sees that
 * the customer asked about it, and opens the conversation in one step (the ticket links back).
 */
export function StaffOrderTickets({ tickets }: { tickets: StaffOrderDetail['tickets'] }) {
  if (!tickets?.length) return null
  return (
    <TicketRecords
      title="تیکت‌های مشتری دربارهٔ این سفارش"
      tickets={tickets}
      empty=""
      listTestId="staff-order-tickets"
    />
  )
}
