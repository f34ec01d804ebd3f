import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/features/auth/auth-forms.tsx'
import { takeRecoveryCodes } from '~/features/auth/second-factor.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The recovery codes of a staff member who has just enrolled (ADR 015), shown this once: the
 * loader deletes the cookie that carried them, so a reload or the back button shows nothing.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  return takeRecoveryCodes(request)
}

export const meta: MetaFunction = () => privatePageMeta('کدهای بازیابی | ارزپل')

export default function RecoveryCodes() {
  const { codes } = useLoaderData<typeof loader>()
  return (
    <AuthCard
      title="کدهای بازیابی"
      description="تأیید دومرحله‌ای فعال شد. اگر تلفن همراه یا برنامه را از دست بدهید، با این کدها وارد می‌شوید؛ هر کد فقط یک بار کار می‌کند. آن‌ها را همین حالا در جای امنی نگه دارید: این کدها دیگر نمایش داده نمی‌شوند."
    >
      <ul
        dir="ltr"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 text-center font-mono text-base font-bold text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <Link
        to="/staff"
        className="mt-6 inline-flex w-full items-center justify-center rounded-xl bg-teal-700 px-5 py-3 text-base font-semibold text-white hover:bg-teal-800"
      >
        کدها را نگه داشتم؛ ورود به پنل پشتیبانی
      </Link>
    </AuthCard>
  )
}
