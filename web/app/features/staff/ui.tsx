import { toPersianDigits } from '@arzpol/contracts'
import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'

/** Small building blocks of the back office pages (Tailwind, logical properties only). */

/** A page's title and subtitle; a record's page also links `back` to the list it belongs to. */
export function PageHeader(props: {
  title: string
  children?: ReactNode
  back?: { to: string; label: string }
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900">{props.title}</h1>
        {props.children ? <p className="mt-1 text-sm text-slate-600">{props.children}</p> : null}
      </div>
      {props.back ? (
        <Link to={props.back.to} className={linkButtonClass}>
          {props.back.label}
        </Link>
      ) : null}
    </header>
  )
}

export function Panel(props: {
  title?: string
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <section
      data-testid={props.testId}
      className={`rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 ${props.className ?? ''}`}
    >
      {props.title ? (
        <h2 className="mb-4 text-lg font-bold text-slate-900">{props.title}</h2>
      ) : null}
      {props.children}
    </section>
  )
}

/** A problem with loading part of a page (usually payments-service not answering). */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {children}
    </p>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>
}

export function Badge({
  children,
  tone = 'slate',
}: {
  children: ReactNode
  tone?: 'slate' | 'amber' | 'sky' | 'emerald' | 'red' | 'violet'
}) {
  const look = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
    sky: 'bg-sky-50 text-sky-800 ring-sky-200',
    emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  }[tone]
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${look}`}
    >
      {children}
    </span>
  )
}

/** A row of pills, each a link to one view of a list; the view shown is lit (`aria-current`). */
export function ViewPills({
  label,
  views,
  className,
}: {
  label: string
  views: readonly { to: string; label: string; current: boolean }[]
  className?: string
}) {
  return (
    <nav aria-label={label} className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      {views.map((view) => (
        <Link
          key={view.to}
          to={view.to}
          aria-current={view.current ? 'page' : undefined}
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
            view.current
              ? 'bg-slate-800 text-white ring-slate-800'
              : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  )
}

export const linkButtonClass =
  'inline-flex items-center justify-center rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'

/**
 * Errors inside the back office: payments-service down (503), an admin-only page opened by
 * support (403), a missing record (404), anything else.
 */
export function StaffErrorBoundary() {
  const error = useRouteError()
  let title = 'متأسفانه خطایی رخ داد'
  let body = 'لطفاً کمی بعد دوباره تلاش کنید.'
  if (isRouteErrorResponse(error)) {
    const message =
      error.data && typeof error.data === 'object' && 'message' in error.data
        ? String((error.data as { message: unknown }).message)
        : null
    if (error.status === 404) {
      title = 'موردی که دنبالش بودید پیدا نشد'
      body = 'ممکن است نشانی اشتباه باشد یا این مورد حذف شده باشد.'
    } else if (error.status === 403) {
      title = 'دسترسی ندارید'
      body = message ?? 'این بخش برای نقش شما باز نیست.'
    } else if (error.status === 503 || error.status === 502) {
      title = 'سرویس پرداخت در دسترس نیست'
      body = message ?? 'لطفاً چند لحظه بعد دوباره تلاش کنید.'
    }
  }
  return (
    <div
      role="alert"
      data-testid="staff-error"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center"
    >
      <h1 className="text-xl font-extrabold text-slate-900">{title}</h1>
      <p className="text-slate-600">{body}</p>
      <Link to="/staff" className={linkButtonClass}>
        بازگشت به میز کار
      </Link>
    </div>
  )
}

/**
 * A customer as staff recognise them: the username, and the phone in Persian digits (once, when
 * the username is the phone itself, as it is by default).
 */
export function CustomerName({ username, phone }: { username: string; phone: string }) {
  return (
    <>
      {username !== phone ? (
        <>
          <bdi>{username}</bdi>{' '}
        </>
      ) : null}
      <bdi dir="ltr">{toPersianDigits(phone)}</bdi>
    </>
  )
}

/**
 * A panel listing records, each row a link to the record's own page; the empty text when there
 * are none.
 */
/** A row of a RecordLinkList: its parts side by side, wrapping on a phone. */
export const RECORD_ROW_CLASS =
  'flex flex-wrap items-center gap-3 px-2 py-2 text-sm hover:bg-slate-50'

export function RecordLinkList<T extends { id: number }>({
  title,
  items,
  empty,
  to,
  linkClassName,
  listTestId,
  rowTestId,
  children,
}: {
  title?: string
  items: readonly T[]
  empty: ReactNode
  to: (item: T) => string
  linkClassName: string
  listTestId?: string
  rowTestId?: string
  children: (item: T) => ReactNode
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" data-testid={listTestId}>
          {items.map((item) => (
            <li key={item.id} data-testid={rowTestId}>
              <Link to={to(item)} className={linkClassName}>
                {children(item)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
