import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import { AuthCardLink } from '~/features/auth/auth-card-buttons.tsx'
import { AuthCard } from '~/features/auth/auth-forms.tsx'
import { QrCodeImage } from '~/features/auth/qr-code.tsx'
import {
  loadSecondFactor,
  secondFactorAction,
  type SecondFactorActionData,
} from '~/features/auth/second-factor.server.ts'
import { SECOND_FACTOR_INTENTS } from '~/features/auth/second-factor.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'
import type { ComponentProps } from 'react'
import type { BackOfficeHandle } from '~/features/staff/back-office-chrome.tsx'

/**
 * Staff sign-in, second step (ADR 015): enrol an authenticator app on the first sign-in, with
 * the one-time enrolment link an admin issued (ADR 035), or answer its code (or a recovery code)
 * on later ones.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadSecondFactor(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return secondFactorAction(request)
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: MetaFunction = () => privatePageMeta('تأیید دومرحله‌ای | ارزپل')

/** Either step's form: one code (the app's, or a recovery code on sign-in), checked by the action. */
function CodeForm({
  intent,
  submit,
  errors,
  ...field
}: Omit<ComponentProps<typeof Field>, 'name' | 'errors'> & {
  intent: string
  submit: string
  errors: FormErrors | undefined
}) {
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <FormAlert errors={errors?.form ?? []} />
      <Field
        name="code"
        autoComplete="one-time-code"
        dir="ltr"
        required
        errors={errors?.fields.code}
        {...field}
      />
      <SubmitButton intent={intent}>{submit}</SubmitButton>
    </Form>
  )
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

const ENROL_TITLE = 'فعال‌سازی تأیید دومرحله‌ای'
const ENROL_DESCRIPTION =
  'ورود کارکنان پشتیبانی و مدیران علاوه بر رمز عبور به کد یک برنامه تأیید دومرحله‌ای (مانند Google Authenticator، Microsoft Authenticator یا FreeOTP) نیاز دارد.'

export default function SecondFactor() {
  const view = useLoaderData<typeof loader>()
  const result = useActionData<SecondFactorActionData>()
  const errors = result?.errors

  if (view.mode === 'enrol' && view.stage === 'link-required') {
    return (
      <AuthCard title={ENROL_TITLE} description={ENROL_DESCRIPTION}>
        <FormAlert errors={errors?.form ?? []} />
        <p className="leading-7 text-slate-700" data-testid="enrolment-link-required">
          {view.message}
        </p>
        <AuthCardLink to="/?auth=login" look="secondary">
          بازگشت به صفحه ورود
        </AuthCardLink>
      </AuthCard>
    )
  }

  if (view.mode === 'enrol' && view.stage === 'ready') {
    return (
      <AuthCard title={ENROL_TITLE} description={ENROL_DESCRIPTION}>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormAlert errors={errors?.form ?? []} />
          <p className="leading-7 text-slate-700">
            پیوند فعال‌سازی شما آماده است. ابتدا برنامه تأیید دومرحله‌ای را روی تلفن همراه خود نصب
            کنید، سپس کلید را دریافت کنید: کلید و کد QR آن فقط همین یک بار نمایش داده می‌شوند.
          </p>
          <SubmitButton intent={SECOND_FACTOR_INTENTS.start}>نمایش کلید و کد QR</SubmitButton>
        </Form>
      </AuthCard>
    )
  }

  if (view.mode === 'enrol') {
    return (
      <AuthCard title={ENROL_TITLE} description={ENROL_DESCRIPTION}>
        <ol className="mb-6 flex list-[persian] flex-col gap-4 ps-5 leading-7 text-slate-700">
          <li>برنامه تأیید دومرحله‌ای را روی تلفن همراه خود نصب کنید.</li>
          <li>
            در برنامه یک حساب تازه بسازید و این کد QR را اسکن کنید:
            <span className="my-3 block">
              <QrCodeImage code={view.qr} label="کد QR کلید تأیید دومرحله‌ای" />
            </span>
            <span className="block text-sm text-slate-600">
              اگر اسکن ممکن نیست، این کلید را دستی وارد کنید (نوع: بر پایه زمان):
            </span>
            <code
              dir="ltr"
              data-testid="totp-secret"
              className="mt-2 block rounded-xl bg-slate-100 px-4 py-3 text-center font-mono text-lg font-bold tracking-wider text-slate-900 select-all"
            >
              {grouped(view.secret)}
            </code>
            <span className="mt-2 block text-sm text-slate-600">
              یا روی همین تلفن همراه این پیوند را باز کنید تا برنامه آن را بردارد:
            </span>
            <a
              href={view.otpauthUri}
              dir="ltr"
              data-testid="otpauth-uri"
              className="mt-1 block font-mono text-xs break-all text-teal-800 underline"
            >
              {view.otpauthUri}
            </a>
          </li>
          <li>کد شش‌رقمی‌ای را که برنامه نشان می‌دهد این‌جا وارد کنید.</li>
        </ol>
        <CodeForm
          intent={SECOND_FACTOR_INTENTS.confirm}
          submit="فعال‌سازی و ورود"
          errors={errors}
          label="کد شش‌رقمی برنامه"
          inputMode="numeric"
          maxLength={16}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="تأیید دومرحله‌ای"
      description="کد شش‌رقمی برنامه تأیید دومرحله‌ای خود را وارد کنید. اگر به برنامه دسترسی ندارید، یکی از کدهای بازیابی را وارد کنید."
    >
      <CodeForm
        intent={SECOND_FACTOR_INTENTS.verify}
        submit="ورود"
        errors={errors}
        label="کد شش‌رقمی یا کد بازیابی"
        maxLength={32}
        hint="هر کد بازیابی فقط یک بار کار می‌کند."
      />
    </AuthCard>
  )
}

export const handle: BackOfficeHandle = { chrome: 'back-office' }
