import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getLandingPage } from '~/features/content/cms-pages.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { pageSeo } from '~/features/content/seo.server.ts'
import { seoMeta } from '~/features/content/seo.ts'
import {
  ForgotPasswordForm,
  LoginForm,
  RegisterForm,
  ResetPasswordForm,
  type AuthFormState,
} from '~/features/auth/auth-forms.tsx'
import { handleAuthAction, loadLanding } from '~/features/auth/landing-auth.server.ts'
import { Home } from '~/features/site/home.tsx'

/**
 * The landing page (docs/product/site.md) and its modes: home, login, register, forgot and reset
 * password. `?auth=login|register|forgot|reset` selects the mode; every mode is server-rendered, so
 * each works from a link, a reload and without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const landing = loadLanding(request)
  const content = landing.mode === 'home' ? await getLandingPage() : null
  const seo = pageSeo({
    path: landing.mode === 'home' ? '/' : `/?auth=${landing.mode}`,
    title: TITLES[landing.mode],
    description: content?.seo.description ?? DESCRIPTION,
    noindex: landing.mode !== 'home',
  })
  return { ...landing, content, seo }
}

/** Home is plain HTML; the sign-in modes need JavaScript for their countdowns. */
export const handle: HydrateHandle = {
  hydrate: (data) => (data as { mode?: string } | undefined)?.mode !== 'home',
}

export async function action({ request }: ActionFunctionArgs) {
  return handleAuthAction(request)
}

export default function Landing() {
  const { mode, signedIn, otp, prefillPhone, content } = useLoaderData<typeof loader>()
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
      return content ? <Home signedIn={signedIn} content={content} /> : null
  }
}

const TITLES = {
  home: 'ارزپل؛ پرداخت ارزی بین‌المللی با ریال',
  login: 'ورود | ارزپل',
  register: 'ثبت نام | ارزپل',
  forgot: 'بازیابی رمز عبور | ارزپل',
  reset: 'تعیین رمز عبور جدید | ارزپل',
} as const

const DESCRIPTION =
  'ارزپل: پرداخت ارزی سرویس‌های بین‌المللی، آزمون‌ها و اشتراک‌ها با تسویه ریالی؛ نرخ قفل‌شده هنگام سفارش، رسید رسمی و پشتیبانی ۲۴ ساعته.'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta(data.seo) : [{ title: TITLES.home }]
