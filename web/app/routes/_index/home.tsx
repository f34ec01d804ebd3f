import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** The landing page's "home" mode (spec §2): hero, the three service tiers, three reasons. */

const TIERS = [
  {
    title: 'خدمات پایه',
    to: '/services/base',
    summary: 'برای پرداخت‌های روزمره ارزی',
    items: [
      'شارژ کیف پول و حساب‌های ارزی',
      'گیفت کارت‌های بین‌المللی',
      'پرداخت هزینه آزمون‌های بین‌المللی',
    ],
  },
  {
    title: 'خدمات متوسط',
    to: '/services/intermediate',
    summary: 'برای فریلنسرها و اشتراک‌ها',
    items: ['نقد کردن درآمد فریلنسری از پلتفرم‌های خارجی به ریال', 'پرداخت اشتراک سرویس‌های خارجی'],
  },
  {
    title: 'خدمات تخصصی',
    to: '/services/specialized',
    summary: 'برای کسب‌وکارها و مهاجرت',
    items: [
      'پرداخت هزینه ویزا و مهاجرت',
      'صورتحساب کلاد و سرور مجازی',
      'دامنه و هاست',
      'تبلیغات بین‌المللی',
    ],
  },
] as const

const REASONS: { title: string; body: string; icon: ReactNode }[] = [
  {
    title: 'امنیت',
    body: 'اطلاعات و پرداخت شما محافظت می‌شود و برای هر سفارش رسید رسمی صادر می‌شود.',
    icon: <path d="M12 3 5 6v5c0 4.5 3 8.3 7 9.5 4-1.2 7-5 7-9.5V6l-7-3Zm-3 9 2 2 4-4" />,
  },
  {
    title: 'سرعت',
    body: 'نرخ ارز هنگام ثبت سفارش قفل می‌شود (برای شارژ حساب ۱۵ دقیقه) و سفارش بی‌معطلی انجام می‌شود.',
    icon: <path d="M13 3 5 14h6l-1 7 8-11h-6l1-7Z" />,
  },
  {
    title: 'پشتیبانی ۲۴/۷',
    body: 'تیم پشتیبانی در تمام ساعات شبانه‌روز از طریق تیکت پاسخگوی شماست.',
    icon: (
      <path d="M4 13v-1a8 8 0 0 1 16 0v1M4 13v3a2 2 0 0 0 2 2h1v-6H6a2 2 0 0 0-2 2Zm16 0v3a2 2 0 0 1-2 2h-1v-6h1a2 2 0 0 1 2 2Zm-3 5c0 1.5-2 3-5 3" />
    ),
  },
]

export function Home({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <section className="bg-gradient-to-b from-teal-50 to-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:py-24">
          <p className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-teal-800 ring-1 ring-teal-200">
            نرخ قفل‌شده، رسید رسمی، پشتیبانی شبانه‌روزی
          </p>
          <h1 className="max-w-3xl text-3xl leading-tight font-extrabold text-slate-900 sm:text-5xl sm:leading-tight">
            ارزپل؛ پرداخت ارزی بین‌المللی با ریال
          </h1>
          <p className="max-w-2xl text-lg leading-8 text-slate-700">
            هزینه سرویس‌ها، آزمون‌ها و اشتراک‌های خارجی را به ارز پرداخت کنید و مبلغ را به ریال
            تسویه کنید؛ بدون نیاز به کارت یا حساب خارجی.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={signedIn ? '/dashboard' : '/?auth=register'}
              className="rounded-xl bg-teal-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-teal-800"
            >
              {signedIn ? 'رفتن به داشبورد' : 'شروع کنید'}
            </Link>
            <a
              href="#services"
              className="rounded-xl bg-white px-6 py-3 font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50"
            >
              مشاهده خدمات
            </a>
          </div>
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className="scroll-mt-20">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="services-title" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
            خدمات ارزپل
          </h2>
          <p className="mt-2 text-slate-600">سه سطح خدمت، متناسب با نیاز شما</p>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {TIERS.map((tier) => (
              <li
                key={tier.to}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="text-xl font-bold text-slate-900">{tier.title}</h3>
                <p className="mt-1 text-sm text-slate-500">{tier.summary}</p>
                <ul className="mt-4 flex flex-1 flex-col gap-2 text-slate-700">
                  {tier.items.map((item) => (
                    <li key={item} className="flex gap-2 leading-7">
                      <span
                        aria-hidden="true"
                        className="mt-3 size-1.5 shrink-0 rounded-full bg-teal-600"
                      />
                      {item}
                    </li>
                  ))}
                </ul>
                <Link
                  to={tier.to}
                  className="mt-6 self-start rounded-lg px-1 text-sm font-semibold text-teal-800 underline-offset-4 hover:underline"
                >
                  جزئیات {tier.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="reasons-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="reasons-title" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
            چرا ارزپل؟
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-slate-50 p-6">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-10 rounded-xl bg-teal-100 p-2 text-teal-800"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {reason.icon}
                </svg>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{reason.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{reason.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
