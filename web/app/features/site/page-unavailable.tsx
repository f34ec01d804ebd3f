import { Alert } from '~/components/ui/alert.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'

/**
 * A public page whose content the cms cannot give right now (and web has no copy of): the page's
 * heading, a Persian explanation and a way on. Answered with 503 so crawlers come back later.
 */
export function PageUnavailable({ title }: { title: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-6 px-4 py-16">
      <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
      <Alert tone="warning" title="محتوای این صفحه فعلاً در دسترس نیست">
        بارگذاری محتوای این صفحه با مشکل روبه‌رو شد. لطفاً چند دقیقه دیگر دوباره سر بزنید.
      </Alert>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/">بازگشت به صفحه اصلی</ButtonLink>
        <ButtonLink to="/dashboard" variant="secondary">
          رفتن به داشبورد
        </ButtonLink>
      </div>
    </div>
  )
}
