import { formatJalaliDateTime } from '@arzpol/contracts'
import type { Message } from '@arzpol/contracts/tickets/customer'
import type { z } from 'zod'
import { Panel } from '~/features/staff/ui.tsx'

type StaffTicketMessage = z.output<typeof Message>

/**
 * A ticket's whole thread as support reads it: staff replies on one side, the customer's
 * messages on the other, each attachment opened through the staff download route.
 */
export function StaffTicketThread({
  ticketId,
  messages,
}: {
  ticketId: number
  messages: readonly StaffTicketMessage[]
}) {
  return (
    <Panel title="گفتگو" testId="staff-ticket-thread">
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            data-testid="staff-ticket-message"
            className={`max-w-[85%] rounded-2xl px-4 py-3 ${
              message.is_staff
                ? 'self-end bg-teal-50 ring-1 ring-teal-100'
                : 'self-start bg-slate-50 ring-1 ring-slate-200'
            }`}
          >
            <p className="text-xs font-semibold text-slate-600">
              <bdi>{message.is_staff ? message.author.username : 'مشتری'}</bdi> ·{' '}
              <time dateTime={message.created_at}>{formatJalaliDateTime(message.created_at)}</time>
            </p>
            {message.content ? (
              <p className="mt-1 leading-7 whitespace-pre-line text-slate-900">{message.content}</p>
            ) : null}
            {message.attachments.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={`/staff/tickets/${ticketId}/attachments/${file.id}`}
                      className="text-sm text-teal-800 underline"
                    >
                      <bdi>{file.name}</bdi>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Panel>
  )
}
