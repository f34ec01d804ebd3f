import { Link, NavLink } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { LogoMark } from '~/components/logo.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { LineIcon } from '~/components/ui/icon.tsx'
import { TIER_PAGES } from './public-routes.ts'

/** The shared header's links (docs/product/site.md). */
export const MAIN_LINKS = [
  { to: '/', label: 'خانه' },
  // One set of tier names: the tier pages' own titles.
  { to: '/services/base', label: TIER_PAGES.base.title },
  { to: '/services/intermediate', label: TIER_PAGES.intermediate.title },
  { to: '/services/specialized', label: TIER_PAGES.specialized.title },
  { to: '/about', label: 'درباره ما' },
  { to: '/terms', label: 'قوانین' },
  { to: '/blog', label: 'وبلاگ' },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * A client-side navigation keeps the page, so close the small-screen menu by hand (without
 * JavaScript every link is a new page, and the menu starts closed).
 */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-lg font-extrabold text-slate-900"
        >
          <LogoMark className="size-8 text-teal-700" />
          ارزپل
        </Link>

        <nav aria-label="منوی اصلی" className="ms-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-2">
          {signedIn ? (
            <Link to="/dashboard" className={buttonClass('primary', 'sm')}>
              داشبورد
            </Link>
          ) : (
            <>
              <Link to="/?auth=login" className={buttonClass('ghost', 'sm')}>
                ورود
              </Link>
              <Link to="/?auth=register" className={buttonClass('primary', 'sm')}>
                ثبت نام
              </Link>
            </>
          )}

          {/* Small screens: a disclosure that works without JavaScript. */}
          <details className="relative lg:hidden">
            <summary
              className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="منو"
            >
              <LineIcon d="M4 7h16M4 12h16M4 17h16" className="size-6" />
            </summary>
            <nav
              aria-label="منوی اصلی (تلفن همراه)"
              className="absolute end-0 top-full mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            >
              <ul className="flex flex-col gap-1">
                {MAIN_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end className={linkClass} onClick={closeMenu}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}
