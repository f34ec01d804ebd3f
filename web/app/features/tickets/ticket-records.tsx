import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { TicketSummaryOut } from '@arzpol/contracts/tickets/staff'
import type { z } from 'zod'
import { Badge, RECORD_ROW_CLASS, RecordLinkList } from '~/features/staff/ui.tsx'

/**
 * Someone's tickets on a staff page (an account's, an order's): each opens the ticket, with
 * whether it is open and whether support owe the customer a reply.
 */

type TicketSummary =
  z.input<typeof TicketSummaryOut> extends infer T
    ? { [K in keyof T]: T[K] extends Date ? string | Date : T[K] }
    : never

export function TicketRecords(props: {
  title: string
  tickets: readonly TicketSummary[]
  empty: string
  listTestId?: string
}) {
  return (
    <RecordLinkList
      title={props.title}
      items={props.tickets}
      empty={props.empty}
      to={(ticket) => `/staff/tickets/${ticket.id}`}
      linkClassName={RECORD_ROW_CLASS}
      {...(props.listTestId ? { listTestId: props.listTestId } : {})}
    >
      {(ticket) => (
        <>
          <bdi className="font-semibold">#{formatNumberFa(ticket.id)}</bdi>
          <span>{ticket.title}</span>
          {ticket.status === 'closed' ? <Badge>بسته</Badge> : <Badge tone="emerald">باز</Badge>}
          {ticket.waiting_for_staff ? <Badge tone="amber">منتظر پاسخ</Badge> : null}
          <span className="text-slate-500">{formatJalaliDateTime(ticket.updated_at)}</span>
        </>
      )}
    </RecordLinkList>
  )
}
