import { formatJalaliDateTime, formatNumberFa } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Badge, CustomerName, PageHeader, RecordLinkList, ViewPills } from '~/features/staff/ui.tsx'
import { listTickets } from '~/features/tickets/staff-tickets.server.ts'
import { requireStaff, readOrThrow } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Support's inbox: tickets waiting for a reply first (oldest first, as payments-service orders
 * them), or every open, closed or any ticket. The view lives in the query string (`?view=`).
 */

const VIEWS = [
  { value: 'waiting', label: 'در انتظار پاسخ' },
  { value: 'open', label: 'باز' },
  { value: 'closed', label: 'بسته' },
  { value: 'all', label: 'همه' },
] as const
type View = (typeof VIEWS)[number]['value']

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const param = new URL(request.url).searchParams.get('view')
  const view: View = VIEWS.some((v) => v.value === param) ? (param as View) : 'waiting'
  const result = readOrThrow(
    await listTickets(request, tokens.access, {
      waitingForStaff: view === 'waiting',
      status: view === 'open' || view === 'closed' ? view : '',
      limit: 100,
    }),
    headers,
  )
  return data({ view, count: result.count, tickets: result.results }, { headers })
}

export default function StaffTickets() {
  const { view, count, tickets } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="تیکت‌های پشتیبانی">{formatNumberFa(count)} تیکت در این فهرست</PageHeader>
      <ViewPills
        label="فیلتر تیکت‌ها"
        views={VIEWS.map((item) => ({
          to: `/staff/tickets?view=${item.value}`,
          label: item.label,
          current: item.value === view,
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
            </span>
            <span className="flex flex-wrap gap-x-4 text-sm text-slate-600">
              <span>
                <CustomerName {...ticket.customer} />
              </span>
              {ticket.category_name ? <span>{ticket.category_name}</span> : null}
              <span>آخرین پیام: {formatJalaliDateTime(ticket.last_message_at)}</span>
            </span>
          </>
        )}
      </RecordLinkList>
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('تیکت‌ها | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
