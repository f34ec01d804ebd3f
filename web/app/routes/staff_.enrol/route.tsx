import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { authCardButtonClass, AuthCardLink } from '~/features/auth/auth-card-buttons.tsx'
import { AuthCard } from '~/features/auth/auth-forms.tsx'
import { loadEnrolmentLinkPage } from '~/features/auth/enrolment-link.server.ts'
import type { BackOfficeHandle } from '~/features/staff/back-office-chrome.tsx'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * Where a staff member's one-time enrolment link lands (ADR 035): the link's token moves into a
 * sealed cookie and the page reloads without it; then they sign in with their password, and the
 * second-factor page shows the new key. Outside the back office's layout: nobody is signed in yet.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadEnrolmentLinkPage(request)
}

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

export const meta: MetaFunction = () => privatePageMeta('پیوند فعال‌سازی | ارزپل')

// Text and links only.
export const handle: HydrateHandle & BackOfficeHandle = { hydrate: false, chrome: 'back-office' }

export default function EnrolmentLinkPage() {
  const { held, signedIn } = useLoaderData<typeof loader>()
  if (!held) {
    return (
      <AuthCard title="پیوند فعال‌سازی پیدا نشد">
        <p className="leading-7 text-slate-700" data-testid="enrolment-link-missing">
          پیوند فعال‌سازی تأیید دومرحله‌ای را که مدیر سامانه برایتان فرستاده است دوباره و کامل باز
          کنید. اگر پیوند را ندارید یا کار نمی‌کند، از مدیر سامانه پیوند تازه‌ای بخواهید.
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="پیوند فعال‌سازی دریافت شد">
      <p className="leading-7 text-slate-700" data-testid="enrolment-link-held">
        برای فعال‌سازی تأیید دومرحله‌ای، با شماره تلفن و رمز عبوری که مدیر سامانه به شما داده است
        وارد شوید. پس از ورود، کلید برنامه تأیید دومرحله‌ای و کد QR آن یک بار نمایش داده می‌شود.
      </p>
      {signedIn ? (
        <form method="post" action="/logout" className="mt-6">
          <p className="mb-3 text-sm text-slate-600">
            در این مرورگر با حساب دیگری وارد شده‌اید؛ ابتدا از آن خارج شوید.
          </p>
          <button type="submit" className={authCardButtonClass('secondary')}>
            خروج از حساب کنونی
          </button>
        </form>
      ) : (
        <AuthCardLink to="/staff/login">ورود با رمز عبور</AuthCardLink>
      )}
    </AuthCard>
  )
}
