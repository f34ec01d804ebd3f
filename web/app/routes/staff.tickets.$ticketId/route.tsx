import { readFormData } from '~/utils/form-data.server.ts'
import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/features/staff/ui.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import { ClosedTicketNotice, StaffTicketReply } from '~/features/tickets/staff-ticket-reply.tsx'
import { StaffTicketSummary } from '~/features/tickets/staff-ticket-summary.tsx'
import { StaffTicketThread } from '~/features/tickets/staff-ticket-thread.tsx'
import { parseReply } from '~/features/tickets/staff-ticket-forms.server.ts'
import {
  getTicket,
  listMessages,
  listPreparedMessages,
  replyToTicket,
} from '~/features/tickets/staff-tickets.server.ts'
import {
  readOrThrow,
  redirectWithFlash,
  requireStaffRecord,
  staffFailure,
} from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One ticket as support sees it: the customer, the whole thread, and a reply form that can send a
 * prepared message (pinned ones first, as payments-service lists them) instead of typing.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  const [ticket, messages, prepared] = await Promise.all([
    getTicket(request, tokens.access, id),
    listMessages(request, tokens.access, id),
    listPreparedMessages(request, tokens.access),
  ])
  return data(
    {
      ticket: readOrThrow(ticket, headers),
      messages: readOrThrow(messages, headers),
      // Prepared messages only help; the page works without them.
      prepared: prepared.ok ? prepared.data : [],
      preparedFailed: !prepared.ok,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  const parsed = parseReply(await readFormData(request))
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400, headers })
  const { content, preparedMessage } = parsed.value
  const result = await replyToTicket(request, tokens.access, id, {
    ...(content ? { content } : {}),
    ...(preparedMessage !== null ? { prepared_message: preparedMessage } : {}),
  })
  if (!result.ok) {
    const errors: FormErrors = staffFailure(result, 'ارسال پاسخ ممکن نشد', {
      content: 'content',
      prepared_message: 'prepared_message',
    })
    return data({ errors }, { status: result.status === 503 ? 503 : 400, headers })
  }
  return redirectWithFlash(`/staff/tickets/${id}`, 'پاسخ شما برای مشتری ارسال شد.', headers)
}

export default function StaffTicket() {
  const { ticket, messages, prepared, preparedFailed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title={ticket.title} back={{ to: '/staff/tickets', label: 'بازگشت به تیکت‌ها' }}>
        تیکت <bdi>#{formatNumberFa(ticket.id)}</bdi>
        {ticket.category_name ? ` · ${ticket.category_name}` : ''} · ثبت{' '}
        {formatJalaliDateTime(ticket.created_at)}
      </PageHeader>
      <StaffTicketSummary ticket={ticket} />
      <StaffTicketThread ticketId={ticket.id} messages={messages} />
      {ticket.status === 'closed' ? (
        <ClosedTicketNotice />
      ) : (
        <StaffTicketReply
          messageCount={messages.length}
          prepared={prepared}
          preparedFailed={preparedFailed}
          errors={actionData?.errors}
        />
      )}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تیکت | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
