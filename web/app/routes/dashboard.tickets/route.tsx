import { readFormData } from '~/utils/form-data.server.ts'
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
import { newTicketSchema, TICKET_INTENTS, TICKET_MESSAGES } from '~/features/tickets/schemas.ts'
import {
  createTicket,
  failureErrors,
  listCategories,
  listTickets,
} from '~/features/tickets/tickets.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Support and tickets (spec §2): a toggle for the new-ticket form, the customer's tickets at the
 * side with a reload button, and the selected ticket's thread (the child route). Every action
 * is a plain form post, so creating, sending and closing work without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const [tickets, categories] = await Promise.all([
    listTickets(request, tokens.access),
    listCategories(request, tokens.access),
  ])
  if (!tickets.ok) getLogger().error({ status: tickets.status }, 'ticket list failed')
  if (!categories.ok) getLogger().error({ status: categories.status }, 'ticket categories failed')
  return data(
    {
      tickets: tickets.ok ? tickets.data : [],
      ticketsFailed: !tickets.ok,
      categories: categories.ok ? categories.data : [],
      openNewTicket: new URL(request.url).searchParams.get('new') === '1',
    },
    { headers },
  )
}

export interface CreateActionData {
  errors: FormErrors
  values: NewTicketValues
}

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const values = formDataToObject(await readFormData(request))
  if (values.intent !== TICKET_INTENTS.create) {
    throw new Response('Unknown form', { status: 400 })
  }
  const submitted: NewTicketValues = {
    title: values.title ?? '',
    category: values.category ?? '',
    message: values.message ?? '',
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
    ])
    const status = result.status >= 400 && result.status < 500 ? result.status : 502
    return data<CreateActionData>({ errors, values: submitted }, { status, headers })
  }
  headers.append('Set-Cookie', flashCookie.serialize({ message: TICKET_MESSAGES.created }))
  throw redirect(`/dashboard/tickets/${result.data.id}`, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function TicketsPage() {
  const { tickets, ticketsFailed, categories, openNewTicket } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-extrabold text-slate-900">پشتیبانی و تیکت‌ها</h1>
      <NewTicketPanel
        categories={categories}
        initiallyOpen={openNewTicket || Boolean(actionData)}
        serverErrors={actionData?.errors}
        values={actionData?.values}
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
