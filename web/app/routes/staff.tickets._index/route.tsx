import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useLiveQueue } from '~/features/staff/use-live-queue.ts'
import { Badge, CustomerName, PageHeader, RecordLinkList, ViewPills } from '~/features/staff/ui.tsx'
import { listTickets } from '~/features/tickets/staff-tickets.server.ts'
import { requireStaff, readOrThrow } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Support's inbox: tickets waiting for a reply first (oldest first, as payments-service orders
 * them), or every open, closed or any ticket; anyone's, the agent's own, or nobody's. The view
 * lives in the query string (`?view=`, `?who=`).
 */

const VIEWS = [
  { value: 'waiting', label: 'در انتظار پاسخ' },
  { value: 'open', label: 'باز' },
  { value: 'closed', label: 'بسته' },
  { value: 'all', label: 'همه' },
] as const
type View = (typeof VIEWS)[number]['value']

const WHO = [
  { value: 'anyone', label: 'همهٔ همکاران' },
  { value: 'me', label: 'تیکت‌های من' },
  { value: 'none', label: 'بدون مسئول' },
] as const
type Who = (typeof WHO)[number]['value']

/** One of `choices` named by the query parameter, or the first. */
function chosen<T extends string>(url: URL, name: string, choices: readonly { value: T }[]): T {
  const asked = url.searchParams.get(name)
  return (
    choices.find((choice) => choice.value === asked)?.value ?? (choices[0] as { value: T }).value
  )
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const url = new URL(request.url)
  const view: View = chosen(url, 'view', VIEWS)
  const who: Who = chosen(url, 'who', WHO)
  // Taken before the list is read: a change made meanwhile reloads it (useLiveQueue).
  const loadedAt = Date.now()
  const result = readOrThrow(
    await listTickets(request, tokens.access, {
      waitingForStaff: view === 'waiting',
      status: view === 'open' || view === 'closed' ? view : '',
      ...(who === 'anyone' ? {} : { assigned: who }),
      limit: 100,
    }),
    headers,
  )
  return data({ view, who, count: result.count, tickets: result.results, loadedAt }, { headers })
}

export default function StaffTickets() {
  const { view, who, count, tickets, loadedAt } = useLoaderData<typeof loader>()
  useLiveQueue('ticket', loadedAt)
  return (
    <>
      <PageHeader title="تیکت‌های پشتیبانی">{formatNumberFa(count)} تیکت در این فهرست</PageHeader>
      <ViewPills
        label="فیلتر تیکت‌ها"
        views={VIEWS.map((item) => ({
          to: `/staff/tickets?view=${item.value}&who=${who}`,
          label: item.label,
          current: item.value === view,
        }))}
      />
      <ViewPills
        label="مسئول تیکت"
        views={WHO.map((item) => ({
          to: `/staff/tickets?view=${view}&who=${item.value}`,
          label: item.label,
          current: item.value === who,
        }))}
      />
      <RecordLinkList
        items={tickets}
        empty={view === 'waiting' ? 'تیکتی در انتظار پاسخ نیست.' : 'تیکتی در این فهرست نیست.'}
        to={(ticket) => `/staff/tickets/${ticket.id}`}
        linkClassName="flex flex-col gap-1 rounded-lg px-2 py-3 hover:bg-slate-50"
        listTestId="staff-ticket-list"
        rowTestId="staff-ticket-row"
      >
        {(ticket) => (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-bold text-slate-900">
                <bdi>#{formatNumberFa(ticket.id)}</bdi> {ticket.title}
              </span>
              {ticket.waiting_for_staff ? <Badge tone="amber">منتظر پاسخ</Badge> : null}
              {ticket.status === 'closed' ? <Badge>بسته</Badge> : null}
              {ticket.resolved_at ? <Badge tone="emerald">حل‌شده</Badge> : null}
            </span>
            <span className="flex flex-wrap gap-x-4 text-sm text-slate-600">
              <span>
                <CustomerName {...ticket.customer} />
              </span>
              {ticket.category_name ? <span>{ticket.category_name}</span> : null}
              <span>آخرین پیام: {formatJalaliDateTime(ticket.last_message_at)}</span>
              <span data-testid="staff-ticket-assignee">
                {ticket.assignee ? (
                  <>
                    با <bdi>{ticket.assignee.username}</bdi>
                  </>
                ) : (
                  'بدون مسئول'
                )}
              </span>
            </span>
          </>
        )}
      </RecordLinkList>
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تیکت‌ها | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
