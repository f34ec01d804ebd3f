import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'

/** What the error view says: a 404, or anything else (the details are in the logs). */
const ERROR_TEXTS = {
  notFound: {
    title: 'صفحه‌ای که دنبالش بودید پیدا نشد',
    text: 'ممکن است نشانی اشتباه وارد شده باشد یا این صفحه جابه‌جا شده باشد.',
  },
  failed: { title: 'متأسفانه خطایی رخ داد', text: 'لطفاً کمی بعد دوباره تلاش کنید.' },
}

/**
 * A page that stands in for one that could not be shown: a heading, what happened, and the one
 * way out.
 */
export function ErrorView({
  title,
  children,
  backTo,
  backLabel,
}: {
  title: string
  children: ReactNode
  backTo: string
  backLabel: string
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
      {children}
      <Link
        to={backTo}
        className="rounded-lg bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {backLabel}
      </Link>
    </div>
  )
}

/** The one error view: a 404 says so, anything else gets a generic apology. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const { title, text } = notFound ? ERROR_TEXTS.notFound : ERROR_TEXTS.failed
  return (
    <ErrorView title={title} backTo="/" backLabel="بازگشت به صفحه اصلی">
      <p className="text-slate-600">{text}</p>
    </ErrorView>
  )
}
