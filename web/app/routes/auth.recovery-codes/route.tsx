import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CopyButton } from '~/components/copy-button.tsx'
import { useHydrated } from '~/components/hydration.ts'
import { AuthCardLink } from '~/features/auth/auth-card-buttons.tsx'
import { AuthCard } from '~/features/auth/auth-forms.tsx'
import { takeRecoveryCodes } from '~/features/auth/second-factor.server.ts'
import { RECOVERY_CODES_FILE_PATH } from '~/features/auth/second-factor.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { BackOfficeHandle } from '~/features/staff/back-office-chrome.tsx'

/**
 * The recovery codes of a staff member who has just enrolled (ADR 015), shown this once: the
 * loader deletes the cookie that carried them, so a reload or the back button shows nothing.
 * To keep them: a text file (the codes are posted back to a resource route, also without
 * JavaScript), the browser's print (a print style leaves only the codes), or, with JavaScript,
 * a copy button and a print button.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  return takeRecoveryCodes(request)
}

export const meta: MetaFunction = () => privatePageMeta('کدهای بازیابی | ارزپل')

function PrintButton() {
  // window.print needs JavaScript; without it the browser's own print command does the same.
  if (!useHydrated()) return null
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-xl px-4 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50"
    >
      چاپ کدها
    </button>
  )
}

export default function RecoveryCodes() {
  const { codes } = useLoaderData<typeof loader>()
  return (
    // Printed, the page is the codes and what they are for (the print rules in app.css).
    <div data-print-page>
      <AuthCard
        title="کدهای بازیابی"
        description="تأیید دومرحله‌ای فعال شد. اگر تلفن همراه یا برنامه را از دست بدهید، با این کدها وارد می‌شوید؛ هر کد فقط یک بار کار می‌کند. آن‌ها را همین حالا در جای امنی نگه دارید: این کدها دیگر نمایش داده نمی‌شوند."
      >
        <ul
          dir="ltr"
          data-testid="recovery-codes"
          className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 text-center font-mono text-base font-bold text-slate-900 print:bg-white print:text-lg"
        >
          {codes.map((code) => (
            <li key={code} className="select-all">
              {code}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-3" data-print-hidden>
          {/* A plain form post: the browser saves the answer as a file and stays on this page. */}
          <Form method="post" action={RECOVERY_CODES_FILE_PATH} reloadDocument>
            {codes.map((code) => (
              <input key={code} type="hidden" name="code" value={code} />
            ))}
            <button
              type="submit"
              data-testid="recovery-codes-download"
              className="rounded-xl px-4 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50"
            >
              دریافت فایل متنی
            </button>
          </Form>
          <CopyButton value={codes.join('\n')} label="کپی کدها" testId="recovery-codes-copy" />
          <PrintButton />
        </div>
        <AuthCardLink to="/staff">کدها را نگه داشتم؛ ورود به پنل پشتیبانی</AuthCardLink>
      </AuthCard>
    </div>
  )
}

export const handle: BackOfficeHandle = { chrome: 'back-office' }
