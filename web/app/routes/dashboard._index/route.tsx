import { useRouteLoaderData } from '@remix-run/react'
import type { loader as dashboardLoader } from '../dashboard/route.tsx'

/** Dashboard home (spec §2). For now a welcome; stats, rate and quick actions come later. */
export default function DashboardHome() {
  const layout = useRouteLoaderData<typeof dashboardLoader>('routes/dashboard')
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h1 className="text-2xl font-extrabold text-slate-900">
        <bdi>{layout?.user.username}</bdi> عزیز، خوش آمدید
      </h1>
      <p className="mt-3 leading-8 text-slate-600">
        از اینجا می‌توانید درخواست پرداخت ثبت کنید، سفارش‌های خود را پیگیری کنید و با پشتیبانی در
        تماس باشید.
      </p>
    </section>
  )
}
