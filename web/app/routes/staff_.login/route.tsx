import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AuthLink, LoginForm } from '~/features/auth/auth-forms.tsx'
import { AUTH_INTENTS } from '~/features/auth/auth-schemas.ts'
import { handleAuthAction } from '~/features/auth/landing-auth.server.ts'
import { getSessionTokens } from '~/features/auth/session.server.ts'
import { FORM_MESSAGES } from '~/features/staff/staff-forms.server.ts'
import type { BackOfficeHandle } from '~/features/staff/back-office-chrome.tsx'
import { readFormData } from '~/utils/form-data.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The back office's own sign-in (`/staff/login`): where a signed-out support agent lands from
 * any /staff page, in the back office's chrome, not the customers' landing page. The same
 * password sign-in as customers' (one account, one password); staff then pass the second factor.
 */

export const handle: BackOfficeHandle = { chrome: 'back-office' }

export function loader({ request }: LoaderFunctionArgs) {
  // Already signed in: the back office decides (a customer goes on to their dashboard).
  if (getSessionTokens(request)) throw redirect('/staff')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  // Read from a copy: the sign-in below reads the body itself. A body that is no form is a 400.
  const intent = (await readFormData(request.clone())).get('intent')
  if (intent !== AUTH_INTENTS.login) {
    return data(
      { intent: String(intent ?? ''), errors: { form: [FORM_MESSAGES.unknownAction], fields: {} } },
      { status: 400 },
    )
  }
  return handleAuthAction(request)
}

export default function StaffLogin() {
  const result = useActionData<typeof action>()
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10">
      <LoginForm
        state={{
          errors: result?.errors,
          phone: result && 'phone' in result ? (result.phone as string | undefined) : undefined,
        }}
        title="ورود به پنل پشتیبانی"
        description="برای کارکنان ارزپل: شماره موبایل و رمز عبور، سپس کد برنامهٔ احراز هویت."
        footer={
          <p>
            مشتری هستید؟ <AuthLink to="/?auth=login">ورود مشتریان</AuthLink>
          </p>
        }
      />
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('ورود به پنل پشتیبانی | ارزپل')
