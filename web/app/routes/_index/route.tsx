import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { assertSameOrigin } from '~/utils/same-origin.server.ts'
import {
  ForgotPasswordForm,
  LoginForm,
  RegisterForm,
  ResetPasswordForm,
  type AuthFormState,
} from './auth-forms.tsx'
import { handleAuthAction, loadLanding } from './auth.server.ts'
import { Home } from './home.tsx'

/**
 * The landing page (spec §2) and its modes: home, login, register, forgot and reset password.
 * `?auth=login|register|forgot|reset` selects the mode; every mode is server-rendered, so each
 * works from a link, a reload and without JavaScript.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadLanding(request)
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  return handleAuthAction(request)
}

export default function Landing() {
  const { mode, signedIn, otp, prefillPhone } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const state: AuthFormState = { errors: actionData?.errors, phone: actionData?.phone }
  // A refused resend carries a fresher countdown than the loader's.
  const currentOtp = actionData?.otp ?? otp

  switch (mode) {
    case 'login':
      return <LoginForm state={state} prefillPhone={prefillPhone ?? undefined} />
    case 'register':
      return <RegisterForm state={state} otp={currentOtp} />
    case 'forgot':
      return <ForgotPasswordForm state={state} />
    case 'reset':
      return currentOtp ? <ResetPasswordForm state={state} otp={currentOtp} /> : null
    default:
      return <Home signedIn={signedIn} />
  }
}

const TITLES = {
  home: 'ارزپل؛ پرداخت ارزی بین‌المللی با ریال',
  login: 'ورود | ارزپل',
  register: 'ثبت نام | ارزپل',
  forgot: 'بازیابی رمز عبور | ارزپل',
  reset: 'تعیین رمز عبور جدید | ارزپل',
} as const

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: TITLES[data?.mode ?? 'home'] },
  {
    name: 'description',
    content:
      'ارزپل: پرداخت ارزی سرویس‌های بین‌المللی، آزمون‌ها و اشتراک‌ها با تسویه ریالی؛ نرخ قفل‌شده هنگام سفارش، رسید رسمی و پشتیبانی ۲۴ ساعته.',
  },
  ...(data?.mode && data.mode !== 'home' ? [{ name: 'robots', content: 'noindex' }] : []),
]
