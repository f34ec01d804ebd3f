import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { PageHeader } from '~/features/staff/ui.tsx'
import { ClosedTicketNotice, StaffTicketReply } from '~/features/tickets/staff-ticket-reply.tsx'
import { StaffTicketSummary } from '~/features/tickets/staff-ticket-summary.tsx'
import { StaffTicketThread } from '~/features/tickets/staff-ticket-thread.tsx'
import { staffTicketAction } from '~/features/tickets/staff-ticket-actions.server.ts'
import { StaffTicketAssignment } from '~/features/tickets/staff-ticket-assignment.tsx'
import {
  getTicket,
  listMessages,
  listPreparedMessages,
} from '~/features/tickets/staff-tickets.server.ts'
import { readOrThrow, requireStaffRecord } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One ticket as support sees it: the customer, who works it, the whole thread, and a reply form
 * that can send a prepared message (pinned ones first, as payments-service lists them) instead
 * of typing, and a file.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, user, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  const [ticket, messages, prepared] = await Promise.all([
    getTicket(request, tokens.access, id),
    listMessages(request, tokens.access, id),
    listPreparedMessages(request, tokens.access),
  ])
  return data(
    {
      me: user.id,
      ticket: readOrThrow(ticket, headers),
      messages: readOrThrow(messages, headers),
      // Prepared messages only help; the page works without them.
      prepared: prepared.ok ? prepared.data : [],
      preparedFailed: !prepared.ok,
    },
    { headers },
  )
}

/**
 * A step refused because the ticket changed hands (409) redraws the page with whoever has it
 * now, so that sending again is a knowing choice (an action's 4xx alone would not reload).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, tokens, headers } = await requireStaffRecord(request, params.ticketId)
  return staffTicketAction({ request, id, token: tokens.access, headers })
}

export default function StaffTicket() {
  const { me, ticket, messages, prepared, preparedFailed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const replyRefused = actionData?.intent === 'reply' ? actionData : undefined
  return (
    <>
      <PageHeader title={ticket.title} back={{ to: '/staff/tickets', label: 'بازگشت به تیکت‌ها' }}>
        تیکت <bdi>#{formatNumberFa(ticket.id)}</bdi>
        {ticket.category_name ? ` · ${ticket.category_name}` : ''} · ثبت{' '}
        {formatJalaliDateTime(ticket.created_at)}
      </PageHeader>
      <StaffTicketSummary ticket={ticket} />
      {ticket.status === 'open' ? (
        <StaffTicketAssignment
          ticket={ticket}
          me={me}
          errors={actionData && actionData.intent !== 'reply' ? actionData.errors : undefined}
        />
      ) : null}
      <StaffTicketThread ticketId={ticket.id} messages={messages} />
      {ticket.status === 'closed' ? (
        <ClosedTicketNotice />
      ) : (
        <StaffTicketReply
          messageCount={messages.length}
          assignee={ticket.assignee ?? null}
          me={me}
          prepared={prepared}
          preparedFailed={preparedFailed}
          errors={replyRefused?.errors}
          content={replyRefused?.content}
        />
      )}
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تیکت | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
