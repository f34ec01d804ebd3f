import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import {
  LogoutButton,
  SideMenuLayout,
  type MenuNavigateHandler,
} from '~/components/side-menu-layout.tsx'
import { requireUser } from '~/features/auth/auth.server.ts'
import { passedSecondFactor, roleOf, staffVerdict } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * The dashboard area (docs/product/site.md): a sidebar at the start (right) side with the
 * customer's name and email, the menu and the logout button. Every page under /dashboard needs a
 * working session: without one the guard clears the cookie and sends the visitor to /?auth=login.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tokens, headers } = await requireUser(request)
  // Staff sign in through the same form; the way to their own area starts here (a session
  // without the second factor is sent from there to sign in again with it).
  const verdict = staffVerdict(roleOf(tokens.access), 'staff', passedSecondFactor(tokens.access))
  const isStaff = verdict !== 'not-staff'
  return data({ user, isStaff }, { headers })
}

// Personal pages: never stored by shared caches, nor kept by the browser after logout.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const MENU = [
  { to: '/dashboard', label: 'داشبورد', end: true },
  { to: '/dashboard/orders', label: 'لیست سفارش‌ها', end: false },
  { to: '/dashboard/new-request', label: 'درخواست جدید', end: false },
  { to: '/dashboard/tickets', label: 'پشتیبانی و تیکت‌ها', end: false },
  { to: '/dashboard/identity', label: 'احراز هویت و سقف‌ها', end: false },
] as const

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'
  }`

function SidebarContent({ onNavigate }: { onNavigate?: MenuNavigateHandler }) {
  const { user, isStaff } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl bg-slate-50 px-3 py-3">
        <p className="font-bold text-slate-900">
          <bdi>{user.username}</bdi>
        </p>
        {user.email ? (
          <p className="mt-1 truncate text-sm text-slate-600">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
        ) : null}
      </div>
      <ul className="flex flex-col gap-1">
        {MENU.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={menuLinkClass} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {isStaff ? (
          <li>
            <NavLink to="/staff" className={menuLinkClass} onClick={onNavigate}>
              پنل پشتیبانی
            </NavLink>
          </li>
        ) : null}
      </ul>
      <LogoutButton />
    </div>
  )
}

// Works without JavaScript (the small-screen menu is a disclosure, logout a form post): pages
// below that need none ship none (ADR 044).
export const handle: HydrateHandle = { hydrate: false }

export default function DashboardLayout() {
  return (
    <SideMenuLayout
      label="منوی داشبورد"
      renderMenu={(onNavigate) => <SidebarContent onNavigate={onNavigate} />}
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 lg:flex-row"
      asideClassName="hidden w-64 shrink-0 lg:block"
      mainClassName="min-w-0 flex-1"
    >
      <Outlet />
    </SideMenuLayout>
  )
}

export const meta: MetaFunction = () => privatePageMeta('داشبورد | ارزپل')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
