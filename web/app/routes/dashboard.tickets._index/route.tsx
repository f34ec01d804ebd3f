import { useRouteLoaderData } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button.tsx'
import type { loader as ticketsLoader } from '../dashboard.tickets/route.tsx'
import type { HydrateHandle } from '~/utils/hydration.ts'

/** /dashboard/tickets with no ticket selected. */
// Read-only (ADR 044).
export const handle: HydrateHandle = { hydrate: false }

export default function NoTicketSelected() {
  const layout = useRouteLoaderData<typeof ticketsLoader>('routes/dashboard.tickets')
  const hasTickets = (layout?.tickets.length ?? 0) > 0
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-bold text-slate-900">
        {hasTickets ? 'یک تیکت را انتخاب کنید' : 'پشتیبانی ۲۴ ساعته ارزپل'}
      </h2>
      <p className="max-w-md leading-7 text-slate-600">
        {hasTickets
          ? 'برای دیدن گفتگو و ارسال پیام، یکی از تیکت‌های فهرست را باز کنید.'
          : 'سؤال یا مشکلی دارید؟ یک تیکت جدید ثبت کنید تا کارشناسان پشتیبانی پاسخ دهند.'}
      </p>
      {hasTickets ? null : <ButtonLink to="/dashboard/tickets?new=1">ثبت تیکت جدید</ButtonLink>}
    </section>
  )
}
