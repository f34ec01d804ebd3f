import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react'

/** The one error view: a 404 says so, anything else gets a generic apology (details in logs). */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">
        {notFound ? 'صفحه‌ای که دنبالش بودید پیدا نشد' : 'متأسفانه خطایی رخ داد'}
      </h1>
      <p className="text-slate-600">
        {notFound
          ? 'ممکن است نشانی اشتباه وارد شده باشد یا این صفحه جابه‌جا شده باشد.'
          : 'لطفاً کمی بعد دوباره تلاش کنید.'}
      </p>
      <Link
        to="/"
        className="rounded-lg bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
      >
        بازگشت به صفحه اصلی
      </Link>
    </div>
  )
}
