import { Form } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'

/** Called when a menu link is followed, so the folded small-screen menu can close. */
export type MenuNavigateHandler = (event: MouseEvent<HTMLElement>) => void

function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

/**
 * An area with its own menu at the start (right) side: the dashboard and the back office. On
 * small screens the menu folds into a disclosure that works without JavaScript; a followed link
 * closes it again.
 */
export function SideMenuLayout({
  label,
  renderMenu,
  className,
  asideClassName,
  mainClassName,
  children,
}: {
  /** The menu's name, read by screen readers and shown on the folded menu. */
  label: string
  renderMenu: (onNavigate?: MenuNavigateHandler) => ReactNode
  className: string
  asideClassName: string
  mainClassName: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <details className="rounded-2xl border border-slate-200 bg-white lg:hidden">
        <summary className="cursor-pointer list-none px-4 py-3 font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
          {label}
        </summary>
        <nav aria-label={label} className="border-t border-slate-100 p-3">
          {renderMenu(closeMenu)}
        </nav>
      </details>
      <aside className={asideClassName}>
        <nav
          aria-label={label}
          className="sticky top-22 rounded-2xl border border-slate-200 bg-white p-4"
        >
          {renderMenu()}
        </nav>
      </aside>
      <div className={mainClassName}>{children}</div>
    </div>
  )
}

/** The menu's last entry: a post to /logout, so that leaving works without JavaScript too. */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className="w-full rounded-lg px-3 py-2.5 text-start text-sm font-medium text-red-700 hover:bg-red-50"
      >
        خروج
      </button>
    </Form>
  )
}
