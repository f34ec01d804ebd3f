import { Link } from '@remix-run/react'
import { SERVICE_PAGES, SERVICE_SLUGS } from '~/features/site/public-routes.ts'
import { LogoMark } from '~/components/logo.tsx'

export function SiteFooter({ year }: { year: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <LogoMark className="size-7 text-teal-700" />
            ارزپل
          </p>
          <p className="text-sm leading-7 text-slate-600">
            پرداخت ارزی سرویس‌های بین‌المللی برای مشتریان ایرانی، با تسویه ریالی.
          </p>
        </div>
        <nav aria-label="خدمات">
          <h2 className="mb-3 text-sm font-bold text-slate-900">خدمات</h2>
          <ul className="flex flex-col gap-2 text-sm text-slate-600">
            <li>
              <Link to="/services/base" className="hover:text-teal-800">
                خدمات پایه
              </Link>
            </li>
            <li>
              <Link to="/services/intermediate" className="hover:text-teal-800">
                خدمات متوسط
              </Link>
            </li>
            <li>
              <Link to="/services/specialized" className="hover:text-teal-800">
                خدمات تخصصی
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="پرداخت‌ها">
          <h2 className="mb-3 text-sm font-bold text-slate-900">پرداخت‌ها</h2>
          <ul className="flex flex-col gap-2 text-sm text-slate-600">
            {SERVICE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/${slug}`} className="hover:text-teal-800">
                  {SERVICE_PAGES[slug].title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="ارزپل">
          <h2 className="mb-3 text-sm font-bold text-slate-900">ارزپل</h2>
          <ul className="flex flex-col gap-2 text-sm text-slate-600">
            <li>
              <Link to="/about" className="hover:text-teal-800">
                درباره ما
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-teal-800">
                قوانین و مقررات
              </Link>
            </li>
            <li>
              <Link to="/blog" className="hover:text-teal-800">
                وبلاگ
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {year} ارزپل. همه حقوق محفوظ است.
      </p>
    </footer>
  )
}
