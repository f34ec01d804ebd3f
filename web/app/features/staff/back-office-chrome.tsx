import { Link } from '@remix-run/react'
import { LogoMark } from '~/components/logo.tsx'

/**
 * The back office's own chrome: a slim bar that says where you are and leads back to the public
 * site, without the customers' menu, sign-in buttons or footer. A route asks for it with
 * `handle = { chrome: 'back-office' }` (the /staff pages, their sign-in, the second factor).
 */

export interface BackOfficeHandle {
  chrome?: 'back-office'
}

/** Whether any matched route asked for the back office's chrome. */
export function wantsBackOffice(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some(
    (match) => (match.handle as BackOfficeHandle | undefined)?.chrome === 'back-office',
  )
}

export function BackOfficeHeader() {
  return (
    <header className="border-b border-slate-800 bg-slate-900 text-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
        <Link to="/staff" className="flex items-center gap-2 font-extrabold">
          <LogoMark className="size-7 text-teal-300" />
          ارزپل
          <span className="rounded-md bg-slate-700 px-2 py-0.5 text-xs font-semibold text-slate-100">
            پنل پشتیبانی
          </span>
        </Link>
        <Link to="/" className="ms-auto text-sm text-slate-200 underline-offset-4 hover:underline">
          سایت ارزپل
        </Link>
      </div>
    </header>
  )
}
