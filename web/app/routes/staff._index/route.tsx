import { formatJalaliLongDate, formatNumberFa, formatToman } from '@arzpol/contracts'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FigureLink } from '~/components/ui/figure-link.tsx'
import { PageHeader } from '~/features/staff/ui.tsx'
import { listProposals } from '~/features/approvals/approvals.server.ts'
import { getDashboard } from '~/features/staff/dashboard.server.ts'
import { requireStaff, readOrThrow } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The back office home: what waits for staff right now (orders per stage, tickets waiting for a
 * reply, colleagues' proposals waiting for this staff member) and today's paid volume, each
 * linking to the matching queue.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers, user } = await requireStaff(request)
  const [dashboard, proposals] = await Promise.all([
    getDashboard(request, tokens.access),
    listProposals(request, tokens.access, 'pending'),
  ])
  const result = readOrThrow(dashboard, headers)
  const proposalsWaiting = proposals.ok ? proposals.data.waiting_for_you : null
  return data({ stats: result, username: user.username, proposalsWaiting }, { headers })
}

/** The order queues that wait for staff, in the order staff work them. */
const WAITING_QUEUES = [
  { stage: 'paid', label: 'پرداخت‌شده، منتظر شروع', testId: 'staff-stat-paid' },
  { stage: 'in_progress', label: 'در حال انجام', testId: 'staff-stat-in-progress' },
  { stage: 'awaiting_payment', label: 'در انتظار پرداخت مشتری', testId: 'staff-stat-awaiting' },
] as const

export default function StaffHome() {
  const { stats, username, proposalsWaiting } = useLoaderData<typeof loader>()
  const waiting = stats.orders_waiting
  return (
    <>
      <PageHeader title="میز کار پشتیبانی">
        <bdi>{username}</bdi> عزیز، خوش آمدید. آمار امروز،{' '}
        {formatJalaliLongDate(`${stats.day}T12:00:00+03:30`)}
      </PageHeader>
      <section aria-label="سفارش‌های منتظر" className="grid gap-3 sm:grid-cols-3">
        {WAITING_QUEUES.map(({ stage, label, testId }) => (
          <FigureLink
            key={stage}
            to={`/staff/orders?stage=${stage}`}
            label={label}
            value={formatNumberFa(waiting[stage])}
            testId={testId}
          />
        ))}
      </section>
      <section
        aria-label="تیکت‌ها، تأییدها و پرداخت‌های امروز"
        className="grid gap-3 sm:grid-cols-3"
      >
        <FigureLink
          to="/staff/tickets?view=waiting"
          label="تیکت‌های منتظر پاسخ"
          value={formatNumberFa(stats.tickets_waiting)}
          testId="staff-stat-tickets"
        />
        <FigureLink
          to="/staff/approvals"
          label="پیشنهادهای همکاران منتظر تأیید شما"
          value={proposalsWaiting === null ? '—' : formatNumberFa(proposalsWaiting)}
          testId="staff-stat-proposals"
        />
        <FigureLink
          to="/staff/orders?stage=paid,in_progress,done"
          label="مبلغ پرداخت‌شده امروز"
          value={formatToman(stats.today_paid_irr)}
          hint={`${formatNumberFa(stats.today_paid_count)} پرداخت موفق`}
          testId="staff-stat-today"
        />
      </section>
    </>
  )
}

export const meta: MetaFunction = () => privatePageMeta('میز کار | پنل پشتیبانی ارزپل')

export { StaffErrorBoundary as ErrorBoundary } from '~/features/staff/ui.tsx'
