import { Link } from '@remix-run/react'
import {
  SERVICE_PAGES,
  SERVICE_SLUGS,
  TIER_PAGES,
  type TierSlug,
} from '~/features/site/public-routes.ts'
import { LogoMark } from '~/components/logo.tsx'

/** The footer's columns: the service tiers and the payment pages by their own titles, then ours. */
const TIER_LINKS = (Object.keys(TIER_PAGES) as TierSlug[]).map((slug) => ({
  to: `/services/${slug}`,
  label: TIER_PAGES[slug].title,
}))
const PAYMENT_LINKS = SERVICE_SLUGS.map((slug) => ({
  to: `/${slug}`,
  label: SERVICE_PAGES[slug].title,
}))
const SITE_LINKS = [
  { to: '/rates', label: 'نرخ ارز و کارمزدها' },
  { to: '/about', label: 'درباره ما' },
  { to: '/terms', label: 'قوانین و مقررات' },
  { to: '/blog', label: 'وبلاگ' },
]

/** A titled column of links, named for assistive technology by its title. */
function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-bold text-slate-900">{title}</h2>
      <ul className="flex flex-col gap-2 text-sm text-slate-600">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-teal-800">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

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
        <FooterColumn title="خدمات" links={TIER_LINKS} />
        <FooterColumn title="پرداخت‌ها" links={PAYMENT_LINKS} />
        <FooterColumn title="ارزپل" links={SITE_LINKS} />
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {year} ارزپل. همه حقوق محفوظ است.
      </p>
    </footer>
  )
}
