import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import {
  LogoutButton,
  SideMenuLayout,
  type MenuNavigateHandler,
} from '~/components/side-menu-layout.tsx'
import type { BackOfficeHandle } from '~/features/staff/back-office-chrome.tsx'
import { activeMenuItem, menuFor } from '~/features/staff/nav.ts'
import { STAFF_ROLE_LABELS } from '~/features/staff/roles.ts'
import { StaffErrorBoundary } from '~/features/staff/ui.tsx'
import { requireStaff } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The back office (ADR 009): its own menu at the start (right) side, for support staff and
 * admins only. Customers are sent to /dashboard and visitors to the login form by the guard,
 * which every page under /staff runs again in its own loader and action.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, role, headers } = await requireStaff(request)
  return data({ user, role }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const handle: BackOfficeHandle = { chrome: 'back-office' }

const menuLinkClass = (isActive: boolean) =>
  `block rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-slate-100'
  }`

function StaffMenu({ onNavigate }: { onNavigate?: MenuNavigateHandler }) {
  const { user, role } = useLoaderData<typeof loader>()
  const menu = menuFor(role)
  // One item lit, the page's own (a NavLink per item would also light its parents' items).
  const active = activeMenuItem(menu, useLocation().pathname)
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl bg-slate-800 px-3 py-3 text-white">
        <p className="text-xs text-slate-300">پنل پشتیبانی ارزپل</p>
        <p className="mt-1 font-bold">
          <bdi>{user.username}</bdi>
        </p>
        <p className="mt-0.5 text-xs text-slate-300" data-testid="staff-role">
          {STAFF_ROLE_LABELS[role]}
        </p>
      </div>
      <ul className="flex flex-col gap-1">
        {menu.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={item === active ? 'page' : undefined}
              className={menuLinkClass(item === active)}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <LogoutButton />
    </div>
  )
}

export default function StaffLayout() {
  return (
    <SideMenuLayout
      label="منوی پنل پشتیبانی"
      renderMenu={(onNavigate) => <StaffMenu onNavigate={onNavigate} />}
      className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 lg:flex-row"
      asideClassName="hidden w-60 shrink-0 lg:block"
      mainClassName="flex min-w-0 flex-1 flex-col gap-5"
    >
      <Outlet />
    </SideMenuLayout>
  )
}

export const meta: MetaFunction = () => privatePageMeta('پنل پشتیبانی | ارزپل')

export function ErrorBoundary() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <StaffErrorBoundary />
    </div>
  )
}
