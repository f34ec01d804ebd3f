import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/features/auth/auth.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import { flashCookie } from '~/features/auth/session.server.ts'
import {
  NewTicketPanel,
  TicketList,
  type NewTicketValues,
} from '~/features/tickets/ticket-components.tsx'
import {
  MAX_FILE_BYTES,
  newTicketSchema,
  TICKET_INTENTS,
  TICKET_MESSAGES,
} from '~/features/tickets/schemas.ts'
import {
  createTicket,
  failureErrors,
  listCategories,
  listTickets,
  attachedFile,
  readTicketForm,
  sendFile,
} from '~/features/tickets/tickets.server.ts'
import { listOrders } from '~/features/orders/orders.server.ts'
import { paymentTypeLabel } from '~/features/orders/orders.ts'
import { formatJalaliDate, formatNumberFa } from '@arzpol/contracts'
import { getLogger } from '~/utils/logger.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * Support and tickets (docs/product/tickets.md): a toggle for the new-ticket form, the customer's
 * tickets at the side with a reload button, and the selected ticket's thread (the child route).
 * Every action is a plain form post, so creating, sending and closing work without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const [tickets, categories, orders] = await Promise.all([
    listTickets(request, tokens.access),
    listCategories(request, tokens.access),
    listOrders(request, tokens.access),
  ])
  if (!tickets.ok) getLogger().error({ status: tickets.status }, 'ticket list failed')
  if (!categories.ok) getLogger().error({ status: categories.status }, 'ticket categories failed')
  const params = new URL(request.url).searchParams
  return data(
    {
      tickets: tickets.ok ? tickets.data : [],
      ticketsFailed: !tickets.ok,
      categories: categories.ok ? categories.data : [],
      // The orders a new ticket may name (without them the picker is simply not shown).
      orders: orders.ok ? orders.data.slice(0, ORDER_CHOICES).map(orderChoice) : [],
      openNewTicket: params.get('new') === '1',
      // From an order's page: the new ticket names that order.
      presetOrder: /^\d{1,15}$/.test(params.get('order') ?? '') ? String(params.get('order')) : '',
    },
    { headers },
  )
}

/** The newest orders offered in the picker: an old one is named by its number in the text. */
const ORDER_CHOICES = 30

function orderChoice(order: {
  id: number
  payment_type: string
  stage: string
  created_at: string
}) {
  return {
    value: String(order.id),
    label: `سفارش #${formatNumberFa(order.id)} · ${paymentTypeLabel(order.payment_type)} · ${formatJalaliDate(order.created_at)}`,
  }
}

export interface CreateActionData {
  errors: FormErrors
  values: NewTicketValues
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  // Multipart when the form carries a file (a plain post without one).
  const submittedForm = await readTicketForm(request)
  const values = formDataToObject(submittedForm.form)
  if (values.intent !== TICKET_INTENTS.create) {
    throw new Response('Unknown form', { status: 400 })
  }
  const submitted: NewTicketValues = {
    title: values.title ?? '',
    category: values.category ?? '',
    message: values.message ?? '',
    ...(values.order_id ? { order_id: values.order_id } : {}),
  }
  const file = attachedFile(submittedForm.form)
  if (submittedForm.tooLarge || (file && file.size > MAX_FILE_BYTES)) {
    return data<CreateActionData>(
      { errors: { form: [], fields: { file: [TICKET_MESSAGES.fileTooLarge] } }, values: submitted },
      { status: 413, headers },
    )
  }
  const parsed = newTicketSchema.safeParse(values)
  if (!parsed.success) {
    return data<CreateActionData>(
      { errors: errorsFromZod(parsed.error), values: submitted },
      { status: 400, headers },
    )
  }
  const result = await createTicket(request, tokens.access, parsed.data)
  if (!result.ok) {
    const errors = failureErrors(result, TICKET_MESSAGES.createFailed, [
      'title',
      'category',
      'message',
      'order_id',
    ])
    const status = result.status >= 400 && result.status < 500 ? result.status : 502
    return data<CreateActionData>({ errors, values: submitted }, { status, headers })
  }
  // The file goes as the ticket's next message; the ticket stands even if that part fails.
  const sent = file ? await sendFile(request, tokens.access, result.data.id, file) : { ok: true }
  const message = sent.ok ? TICKET_MESSAGES.created : TICKET_MESSAGES.createdWithoutFile
  headers.append('Set-Cookie', flashCookie.serialize({ message }))
  throw redirect(`/dashboard/tickets/${result.data.id}`, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

// The list and the new-ticket form work as plain forms; the thread below hydrates itself (ADR 044).
export const handle: HydrateHandle = { hydrate: false }

export default function TicketsPage() {
  const { tickets, ticketsFailed, categories, orders, openNewTicket, presetOrder } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-extrabold text-slate-900">پشتیبانی و تیکت‌ها</h1>
      <NewTicketPanel
        categories={categories}
        orders={orders}
        initiallyOpen={openNewTicket || Boolean(actionData)}
        serverErrors={actionData?.errors}
        values={actionData?.values ?? (presetOrder ? { order_id: presetOrder } : undefined)}
      />
      <div className="grid items-start gap-5 xl:grid-cols-[17rem_minmax(0,1fr)]">
        <TicketList tickets={tickets} failed={ticketsFailed} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('پشتیبانی و تیکت‌ها | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
