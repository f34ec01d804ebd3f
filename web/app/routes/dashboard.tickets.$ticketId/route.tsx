import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { formatNumberFa } from '@arzpol/contracts'
import { useEffect, useRef, useState } from 'react'
import { requireUser } from '~/features/auth/auth.server.ts'
import { flashCookie } from '~/features/auth/session.server.ts'
import {
  jalali,
  MessageBubble,
  StatusBadge,
  ticketNumber,
} from '~/features/tickets/ticket-components.tsx'
import { TICKET_INTENTS, TICKET_MESSAGES } from '~/features/tickets/schemas.ts'
import { useLiveUpdates } from '~/features/live/use-live-updates.ts'
import { useRevalidateWhenIdle } from '~/features/live/use-revalidate-when-idle.ts'
import {
  closeTicket,
  failureErrors,
  getTicket,
  listMessages,
  readTicketForm,
  sendMessage,
  ticketIdFrom,
} from '~/features/tickets/tickets.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import {
  CloseButton,
  CloseConfirmation,
  SendForm,
  type ThreadActionData,
} from '~/features/tickets/thread-forms.tsx'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * One ticket's thread (docs/product/tickets.md): messages with their files, a send form with an
 * attachment, and the close button. With JavaScript new messages appear as they are written
 * (a live stream; the text being typed stays), files upload with a progress bar and closing asks
 * `confirm()`; without it the same forms post to this route's action and closing goes through a
 * confirmation step.
 */

function notFound(): never {
  throw new Response('تیکت یافت نشد', { status: 404 })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) notFound()
  const { tokens, headers } = await requireUser(request)
  const [ticket, messages] = await Promise.all([
    getTicket(request, tokens.access, id),
    listMessages(request, tokens.access, id),
  ])
  if (!ticket.ok) {
    if (ticket.status === 404) notFound()
    throw new Response('سرویس پرداخت پاسخ نداد', { status: 502 })
  }
  // A failed message load is only logged.
  if (!messages.ok)
    getLogger().error({ ticketId: id, status: messages.status }, 'ticket messages failed')
  const confirmClose =
    new URL(request.url).searchParams.get('confirm_close') === '1' && ticket.data.status === 'open'
  return data(
    {
      ticket: ticket.data,
      messages: messages.ok ? messages.data : [],
      confirmClose,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) notFound()
  const { tokens, headers } = await requireUser(request)
  const submitted = await readTicketForm(request)
  // A file over the limit leaves nothing of the form; only the send form carries files.
  const intent = submitted.tooLarge ? TICKET_INTENTS.send : String(submitted.form.get('intent'))

  if (intent === TICKET_INTENTS.close) {
    const result = await closeTicket(request, tokens.access, id)
    if (!result.ok) {
      const status = result.status >= 400 && result.status < 500 ? result.status : 502
      const errors = failureErrors(result, TICKET_MESSAGES.closeFailed, [])
      return data<ThreadActionData>({ intent, errors }, { status, headers })
    }
    headers.append('Set-Cookie', flashCookie.serialize({ message: TICKET_MESSAGES.closed }))
    throw redirect(`/dashboard/tickets/${id}`, { headers })
  }
  if (intent === TICKET_INTENTS.send) {
    const result = await sendMessage(request, tokens.access, id, submitted)
    if (!result.ok) {
      const content = String(submitted.form.get('content') ?? '')
      return data<ThreadActionData>(
        { intent, errors: result.errors, content },
        { status: result.status, headers },
      )
    }
    throw redirect(`/dashboard/tickets/${id}`, { headers })
  }
  throw new Response('Unknown form', { status: 400 })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

type ShownMessage = LoaderData['messages'][number]

/** Each message once, oldest first: those the page loaded and those that arrived since. */
function mergeMessages(loaded: ShownMessage[], arrived: ShownMessage[]): ShownMessage[] {
  const byId = new Map(loaded.map((message) => [message.id, message]))
  for (const message of arrived) if (!byId.has(message.id)) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/**
 * The thread as the page shows it (ADR 043): the messages it loaded and those its live stream
 * brought since, each once; a change of the ticket's status loads the page's data again (the
 * forms keep what is being typed). Where no stream can open, the thread is asked for every 7
 * seconds, conditionally: while nothing changed the answer is a 304 with no body.
 */
function useLiveThread(initial: LoaderData): ShownMessage[] {
  // Kept with the ticket they belong to: moving to another ticket reuses this component.
  const [arrived, setArrived] = useState<{ ticketId: number; messages: ShownMessage[] }>({
    ticketId: initial.ticket.id,
    messages: [],
  })
  const revalidate = useRevalidateWhenIdle()
  const { id, status } = initial.ticket
  const messages = mergeMessages(initial.messages, arrived.ticketId === id ? arrived.messages : [])
  const newest = messages.at(-1)?.id ?? 0
  useLiveUpdates(
    `/dashboard/tickets/${id}/live`,
    () => new URLSearchParams({ after: String(newest), status }),
    {
      message: (message) =>
        setArrived((before) => ({
          ticketId: id,
          messages: [...(before.ticketId === id ? before.messages : []), message as ShownMessage],
        })),
      status: revalidate,
    },
    async () => {
      const answer = await fetch(`/dashboard/tickets/${id}/thread`, { cache: 'no-cache' })
      if (!answer.ok) return
      const thread = (await answer.json()) as { status: string; messages: ShownMessage[] }
      // The whole thread: it takes the place of what came before, so nothing piles up.
      setArrived({ ticketId: id, messages: thread.messages })
      if (thread.status !== status) revalidate()
    },
  )
  return messages
}

/** More than a tall screen's thread shows at once, so the opening view is all laid out. */
const NEWEST_LAID_OUT = 12

export default function TicketThread() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { ticket } = loaderData
  const messages = useLiveThread(loaderData)
  const closed = ticket.status === 'closed'
  const listRef = useRef<HTMLOListElement>(null)

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [messages.length])

  return (
    <section
      aria-labelledby="ticket-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 id="ticket-title" className="text-xl font-extrabold text-slate-900">
            <bdi>{ticket.title}</bdi>
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
            <span>تیکت {ticketNumber(ticket.id)}</span>
            {ticket.category_name ? <span>{ticket.category_name}</span> : null}
            {ticket.order_id ? (
              <Link
                to={`/dashboard/orders/${ticket.order_id}`}
                className="font-semibold text-teal-800 underline"
                data-testid="ticket-order"
              >
                سفارش #{formatNumberFa(ticket.order_id)}
              </Link>
            ) : null}
            <span>
              ایجاد: <time dateTime={ticket.created_at}>{jalali(ticket.created_at)}</time>
            </span>
            <StatusBadge ticket={ticket} />
          </p>
        </div>
        {closed ? null : (
          <CloseButton
            ticketId={ticket.id}
            errors={actionData?.intent === TICKET_INTENTS.close ? actionData.errors : undefined}
          />
        )}
      </header>

      {loaderData.confirmClose && !closed ? <CloseConfirmation ticketId={ticket.id} /> : null}

      <ol
        ref={listRef}
        aria-label="پیام‌های تیکت"
        aria-live="polite"
        data-testid="ticket-thread"
        className="flex max-h-[60vh] min-h-40 flex-col gap-3 overflow-y-auto rounded-xl bg-slate-50 p-3"
      >
        {messages.map((message, index) => (
          <MessageBubble
            key={message.id}
            ticketId={ticket.id}
            message={message}
            early={index < messages.length - NEWEST_LAID_OUT}
          />
        ))}
      </ol>

      {closed ? (
        <p
          role="status"
          className="rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700"
        >
          {TICKET_MESSAGES.closedNotice}
        </p>
      ) : ticket.resolved ? (
        <p
          className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="ticket-resolved"
        >
          {TICKET_MESSAGES.resolvedNotice}
        </p>
      ) : null}

      <SendForm
        ticketId={ticket.id}
        closed={closed}
        serverErrors={actionData?.intent === TICKET_INTENTS.send ? actionData.errors : undefined}
        serverContent={actionData?.intent === TICKET_INTENTS.send ? actionData.content : undefined}
      />
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `${data.ticket.title} | تیکت‌ها | ارزپل` : 'تیکت | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
