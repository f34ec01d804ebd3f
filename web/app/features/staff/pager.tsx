import { formatNumberFa, toLatinDigits } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import { linkButtonClass } from './ui.tsx'

/** The back office lists' paging: `?page=` read, and the previous / next links. */

/** `?page=` as a page number (1 when absent or nonsense; Persian digits read as typed). */
export function pageOf(params: URLSearchParams): number {
  const page = Number(toLatinDigits(params.get('page') ?? '1'))
  return Number.isSafeInteger(page) && page >= 1 && page <= 20_000 ? page : 1
}

/** Previous / next links keeping the list's filters; nothing when everything fits one page. */
export function Pager({
  url,
  page,
  count,
  pageSize,
}: {
  /** The list's path with its filters (no `page`). */
  url: string
  page: number
  count: number
  pageSize: number
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize))
  if (pages <= 1) return null
  const to = (n: number) => {
    const target = new URL(url, 'http://x')
    if (n > 1) target.searchParams.set('page', String(n))
    else target.searchParams.delete('page')
    return `${target.pathname}${target.search}`
  }
  return (
    <nav aria-label="صفحه‌ها" className="flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkButtonClass}>
          صفحه قبل
        </Link>
      ) : null}
      <span>
        صفحه {formatNumberFa(page)} از {formatNumberFa(pages)}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={linkButtonClass}>
          صفحه بعد
        </Link>
      ) : null}
    </nav>
  )
}
