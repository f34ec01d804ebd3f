import { formatNumberFa, formatToman, toPersianDigits } from '@arzpol/contracts'
import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { requireUser } from '~/features/auth/auth.server.ts'
import {
  countTickets,
  getDailyUsdRates,
  getUsdRate,
  listOrders,
} from '~/features/orders/orders.server.ts'
import { hasDeepLink, normalizeStatus } from '~/features/orders/orders.ts'
import type { loader as dashboardLoader } from '../dashboard/route.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { FigureLink } from '~/components/ui/figure-link.tsx'
import { Sparkline } from '~/components/ui/sparkline.tsx'
import { IdentityOverview } from '~/features/identity/identity-components.tsx'
import { getIdentity } from '~/features/identity/identity.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * Dashboard home (docs/product/site.md): welcome, today's USD rate in toman (with its last 30
 * days), four stat cards, the total purchased and quick actions. The service pages' deep links
 * (`/dashboard?start=…`, `?flow=…`) open the new-request page with the right type.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (hasDeepLink(url.searchParams)) {
    throw redirect(`/dashboard/new-request${url.search}`)
  }
  const { tokens, headers } = await requireUser(request)
  const [orders, tickets, rate, daily, identity] = await Promise.all([
    listOrders(request, tokens.access),
    countTickets(request, tokens.access),
    getUsdRate(request),
    getDailyUsdRates(request, 30),
    getIdentity(request, tokens.access),
  ])
  // Stats and rate failures are only logged; the rate is then hidden.
  if (!orders.ok) getLogger().warn({ status: orders.status }, 'dashboard orders failed')
  if (!identity.ok) getLogger().warn({ status: identity.status }, 'dashboard identity failed')
  const counts = { pending: 0, processing: 0, completed: 0, failed: 0 }
  let totalIrr = 0
  for (const order of orders.ok ? orders.data : []) {
    const status = normalizeStatus(order.status)
    counts[status] += 1
    if (status === 'completed') totalIrr += order.amount_irr
  }
  return data(
    {
      counts: orders.ok ? counts : null,
      totalIrr: orders.ok ? totalIrr : null,
      tickets: tickets?.total ?? null,
      usdRateIrr: rate.ok ? rate.data.buy_rate_irr : null,
      daily: daily && daily.length >= 2 ? daily : null,
      identity: identity.ok ? identity.data : null,
    },
    { headers },
  )
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

function StatCard({
  value,
  ...props
}: {
  to: string
  label: string
  value: number | null
  testId: string
}) {
  return <FigureLink {...props} value={value === null ? '—' : formatNumberFa(value)} />
}

/**
 * The verified first name once identity level 1 has it; before that the phone number, written
 * in Persian digits like every number on the page.
 */
function greetingName(verified: { first_name: string } | null, username: string) {
  return verified?.first_name || toPersianDigits(username)
}

// Read-only: links, figures and a sparkline drawn on the server (ADR 044).
export const handle: HydrateHandle = { hydrate: false }

export default function DashboardHome() {
  const layout = useRouteLoaderData<typeof dashboardLoader>('routes/dashboard')
  const { counts, totalIrr, tickets, usdRateIrr, daily, identity } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-5">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold text-slate-900">
          <bdi data-testid="greeting-name">
            {greetingName(identity?.identity ?? null, layout?.user.username ?? '')}
          </bdi>{' '}
          عزیز، خوش آمدید
        </h1>
        <p className="mt-3 leading-8 text-slate-600">
          از اینجا می‌توانید درخواست پرداخت ثبت کنید، سفارش‌های خود را پیگیری کنید و با پشتیبانی در
          تماس باشید.
        </p>
        {usdRateIrr !== null ? (
          <div className="mt-4 flex flex-wrap items-center gap-4 rounded-xl bg-slate-50 px-4 py-3">
            <p className="text-sm text-slate-700" data-testid="usd-rate">
              نرخ امروز دلار: <span className="font-bold">{formatToman(usdRateIrr)}</span>
            </p>
            {daily ? (
              <Sparkline
                values={daily.map((d) => d.buy_rate_irr)}
                label="نمودار نرخ دلار در ۳۰ روز گذشته"
              />
            ) : null}
          </div>
        ) : null}
      </section>

      {identity ? <IdentityOverview status={identity} /> : null}

      <section aria-label="آمار" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          to="/dashboard/orders?filter=pending"
          label="در انتظار"
          value={counts?.pending ?? null}
          testId="stat-pending"
        />
        <StatCard
          to="/dashboard/orders?filter=processing"
          label="در حال انجام"
          value={counts?.processing ?? null}
          testId="stat-processing"
        />
        <StatCard
          to="/dashboard/orders?filter=completed"
          label="تکمیل‌شده"
          value={counts?.completed ?? null}
          testId="stat-completed"
        />
        <StatCard to="/dashboard/tickets" label="تیکت‌ها" value={tickets} testId="stat-tickets" />
      </section>

      <section className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="text-sm text-slate-600">مجموع خریدهای تکمیل‌شده</p>
          <p className="mt-1 text-xl font-extrabold text-slate-900" data-testid="total-purchased">
            {totalIrr === null ? '—' : formatToman(totalIrr)}
          </p>
        </div>
        <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5">
          <p className="text-sm text-slate-600">دسترسی سریع</p>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/dashboard/new-request" size="sm">
              درخواست جدید
            </ButtonLink>
            <Link
              to="/dashboard/orders"
              className="rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              مشاهده سفارش‌ها
            </Link>
            <Link
              to="/dashboard/tickets"
              className="rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              پشتیبانی
            </Link>
          </div>
        </div>
      </section>
    </div>
  )
}
