import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, NavLink, Outlet, useLoaderData } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { menuFor } from '~/features/staff/nav.ts'
import { STAFF_ROLE_LABELS } from '~/features/staff/roles.ts'
import { StaffErrorBoundary } from '~/features/staff/ui.tsx'
import { requireStaff } from '~/features/staff/staff.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The back office (issue #8): its own menu at the start (right) side, for support staff and
 * admins only. Customers are sent to /dashboard and visitors to the login form by the guard,
 * which every page under /staff runs again in its own loader and action.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, role, headers } = await requireStaff(request)
  return data({ user, role }, { headers })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-slate-100'
  }`

function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

function StaffMenu({ onNavigate }: { onNavigate?: (event: MouseEvent<HTMLElement>) => void }) {
  const { user, role } = useLoaderData<typeof loader>()
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
        {menuFor(role).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={menuLinkClass} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action="/logout">
        <button
          type="submit"
          className="w-full rounded-lg px-3 py-2.5 text-start text-sm font-medium text-red-700 hover:bg-red-50"
        >
          خروج
        </button>
      </Form>
    </div>
  )
}

export default function StaffLayout() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 lg:flex-row">
      {/* Small screens: the menu folds into a disclosure that works without JavaScript. */}
      <details className="rounded-2xl border border-slate-200 bg-white lg:hidden">
        <summary className="cursor-pointer list-none px-4 py-3 font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
          منوی پنل پشتیبانی
        </summary>
        <nav aria-label="منوی پنل پشتیبانی" className="border-t border-slate-100 p-3">
          <StaffMenu onNavigate={closeMenu} />
        </nav>
      </details>
      <aside className="hidden w-60 shrink-0 lg:block">
        <nav
          aria-label="منوی پنل پشتیبانی"
          className="sticky top-22 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <StaffMenu />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col gap-5">
        <Outlet />
      </div>
    </div>
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
