import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CheckboxField, CheckedForm, Field, SubmitButton } from '~/components/forms.tsx'
import { toPersianDigits } from '@arzpol/contracts/digits'
import { AUTH_INTENTS, PASSWORD_MIN_LENGTH, schemaForIntent } from '~/features/auth/auth-schemas.ts'
import { formatCountdown, useCountdown } from '~/utils/countdown.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { useValidatedForm } from '~/utils/use-validated-form.ts'
import { LineIcon } from '~/components/ui/icon.tsx'

/**
 * The landing page's auth modes (docs/product/auth.md). Every form is a plain POST to the index
 * route's action, so it works before (or without) JavaScript; with JavaScript the same zod schemas
 * check it first. Passwords are never sent back in HTML.
 */

export type AuthMode = 'login' | 'register' | 'forgot' | 'reset'

/** A pending "send code" step, as the loader (or a refused resend) describes it. */
export interface OtpView {
  phone: string
  /** Identifies this countdown; a new value restarts it. */
  sentAt: number
  /** Seconds before another code may be requested. */
  remaining: number
  /** Only outside production, when payments-service returned one (`dev_code`). */
  devCode: string | null
}

export interface AuthFormState {
  errors?: FormErrors | undefined
  /** The phone as last submitted (never a password). */
  phone?: string | undefined
}

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Link
        to="/"
        className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-teal-800"
      >
        <LineIcon d="m15 6-6 6 6 6" className="size-4 rtl:-scale-x-100" />
        بازگشت به صفحه اصلی
      </Link>
      <section
        aria-labelledby="auth-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-extrabold text-slate-900">
          {title}
        </h1>
        {description ? <p className="mt-2 leading-7 text-slate-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
      {footer ? (
        <div className="mt-6 flex flex-col items-center gap-2 text-sm text-slate-600">{footer}</div>
      ) : null}
    </div>
  )
}

/** A link between the auth modes (login, register, forgot). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-teal-800 hover:underline">
      {children}
    </Link>
  )
}

/**
 * A password input, never filled from the page (passwords are not sent back in HTML);
 * `new-password` lets the browser offer a generated one.
 */
function PasswordField({
  name,
  label,
  errors,
  autoComplete = 'new-password',
  hint,
}: {
  name: string
  label: string
  errors: FormErrors
  autoComplete?: 'new-password' | 'current-password'
  hint?: string
}) {
  return (
    <Field
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      errors={errors.fields[name]}
      hint={hint}
    />
  )
}

// Said before the first try, not only in the error after it.
const NEW_PASSWORD_HINT = `حداقل ${toPersianDigits(PASSWORD_MIN_LENGTH)} کاراکتر؛ هرچه بلندتر، امن‌تر.`

/** A new password typed twice. */
function NewPasswordFields({
  label,
  confirmLabel,
  errors,
}: {
  label: string
  confirmLabel: string
  errors: FormErrors
}) {
  return (
    <>
      <PasswordField name="password" label={label} errors={errors} hint={NEW_PASSWORD_HINT} />
      <PasswordField name="confirmPassword" label={confirmLabel} errors={errors} />
    </>
  )
}

function DevCodeNotice({ code }: { code: string }) {
  return (
    <p
      role="status"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      کد تایید (فقط در محیط توسعه):{' '}
      <bdi dir="ltr" data-testid="dev-code" className="font-mono text-base font-bold">
        {code}
      </bdi>
    </p>
  )
}

function ResendButton({ intent, otp }: { intent: string; otp: OtpView }) {
  const left = useCountdown(otp.remaining, otp.sentAt)
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-600">
      <p className="flex flex-wrap items-center gap-2">
        کد را دریافت نکردید؟
        <SubmitButton
          intent={intent}
          variant="secondary"
          disabled={left > 0}
          formNoValidate
          className="px-3! py-1.5! text-sm!"
        >
          ارسال مجدد کد
          {left > 0 ? (
            <span data-testid="resend-countdown" dir="ltr" className="tabular-nums">
              {formatCountdown(left)}
            </span>
          ) : null}
        </SubmitButton>
      </p>
      {left > 0 ? (
        <noscript>
          <p className="text-xs">پس از پایان زمان، برای ارسال دوباره کد این صفحه را تازه کنید.</p>
        </noscript>
      ) : null}
    </div>
  )
}

const codeFieldProps = {
  name: 'code',
  label: 'کد تایید',
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  dir: 'ltr',
  required: true,
} as const

const phoneFieldProps = {
  name: 'phone',
  label: 'شماره موبایل',
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'username',
  dir: 'ltr',
  required: true,
  placeholder: '09123456789',
} as const

const CUSTOMER_LOGIN_FOOTER = (
  <>
    <AuthLink to="/?auth=forgot">رمز عبور را فراموش کرده‌اید؟</AuthLink>
    <p>
      حساب کاربری ندارید؟ <AuthLink to="/?auth=register">ثبت نام کنید</AuthLink>
    </p>
  </>
)

/** The password sign-in; the back office's page gives it its own title and links. */
export function LoginForm({
  state,
  prefillPhone,
  title = 'ورود به حساب کاربری',
  description,
  footer = CUSTOMER_LOGIN_FOOTER,
}: {
  state: AuthFormState
  prefillPhone?: string
  title?: string
  description?: string
  footer?: ReactNode
}) {
  const check = useValidatedForm(schemaForIntent, state.errors)
  return (
    <AuthCard title={title} description={description} footer={footer}>
      <CheckedForm check={check} className="flex flex-col gap-5">
        <Field
          {...phoneFieldProps}
          defaultValue={state.phone ?? prefillPhone}
          errors={check.errors.fields.phone}
        />
        <PasswordField
          name="password"
          label="رمز عبور"
          autoComplete="current-password"
          errors={check.errors}
        />
        <SubmitButton intent={AUTH_INTENTS.login}>ورود</SubmitButton>
      </CheckedForm>
    </AuthCard>
  )
}

export function RegisterForm({ state, otp }: { state: AuthFormState; otp: OtpView | null }) {
  const check = useValidatedForm(schemaForIntent, state.errors)
  return (
    <AuthCard
      title="ثبت نام در ارزپل"
      description="با شماره موبایل خود حساب بسازید. پس از ارسال کد تایید، کد پیامک‌شده را وارد کنید."
      footer={
        <p>
          حساب کاربری دارید؟ <AuthLink to="/?auth=login">وارد شوید</AuthLink>
        </p>
      }
    >
      <CheckedForm check={check} className="flex flex-col gap-5">
        <Field
          {...phoneFieldProps}
          defaultValue={state.phone ?? otp?.phone}
          errors={check.errors.fields.phone}
        />
        <NewPasswordFields label="رمز عبور" confirmLabel="تکرار رمز عبور" errors={check.errors} />
        {otp ? (
          <noscript>
            <p className="text-sm leading-7 text-slate-600">
              رمز عبور برای امنیت شما دوباره نمایش داده نمی‌شود؛ اگر خالی است، آن را دوباره وارد
              کنید.
            </p>
          </noscript>
        ) : null}
        <CheckboxField
          name="terms"
          label={
            <>
              <Link
                to="/terms"
                target="_blank"
                rel="noopener"
                className="font-medium text-teal-800 underline underline-offset-4"
              >
                قوانین و مقررات
              </Link>{' '}
              ارزپل را خوانده‌ام و می‌پذیرم.
            </>
          }
          required
          // Sending the code needed the terms accepted; keep them ticked after a full page load.
          defaultChecked={otp !== null}
          errors={check.errors.fields.terms}
        />
        {otp ? (
          <>
            {otp.devCode ? <DevCodeNotice code={otp.devCode} /> : null}
            <Field
              {...codeFieldProps}
              errors={check.errors.fields.code}
              hint={
                <>
                  کد ۴ رقمی ارسال‌شده به <bdi dir="ltr">{otp.phone}</bdi>
                </>
              }
            />
            <SubmitButton intent={AUTH_INTENTS.register}>ثبت نام</SubmitButton>
            <ResendButton intent={AUTH_INTENTS.resendRegisterCode} otp={otp} />
          </>
        ) : (
          <SubmitButton intent={AUTH_INTENTS.sendRegisterCode}>ارسال کد تایید</SubmitButton>
        )}
      </CheckedForm>
    </AuthCard>
  )
}

export function ForgotPasswordForm({ state }: { state: AuthFormState }) {
  const check = useValidatedForm(schemaForIntent, state.errors)
  return (
    <AuthCard
      title="بازیابی رمز عبور"
      description="شماره موبایل حساب خود را وارد کنید تا کد تایید برایتان ارسال شود."
      footer={<AuthLink to="/?auth=login">بازگشت به ورود</AuthLink>}
    >
      <CheckedForm check={check} className="flex flex-col gap-5">
        <Field {...phoneFieldProps} defaultValue={state.phone} errors={check.errors.fields.phone} />
        <SubmitButton intent={AUTH_INTENTS.sendResetCode}>ارسال کد تایید</SubmitButton>
      </CheckedForm>
    </AuthCard>
  )
}

export function ResetPasswordForm({ state, otp }: { state: AuthFormState; otp: OtpView }) {
  const check = useValidatedForm(schemaForIntent, state.errors)
  return (
    <AuthCard
      title="تعیین رمز عبور جدید"
      description={
        <>
          کد تایید ارسال‌شده به <bdi dir="ltr">{otp.phone}</bdi> و رمز عبور جدید را وارد کنید.{' '}
          <AuthLink to="/?auth=forgot">تغییر شماره</AuthLink>
        </>
      }
      footer={<AuthLink to="/?auth=login">بازگشت به ورود</AuthLink>}
    >
      <CheckedForm check={check} className="flex flex-col gap-5">
        {otp.devCode ? <DevCodeNotice code={otp.devCode} /> : null}
        <Field {...codeFieldProps} errors={check.errors.fields.code} />
        <NewPasswordFields
          label="رمز عبور جدید"
          confirmLabel="تکرار رمز عبور جدید"
          errors={check.errors}
        />
        <SubmitButton intent={AUTH_INTENTS.resetPassword}>تغییر رمز عبور</SubmitButton>
        <ResendButton intent={AUTH_INTENTS.resendResetCode} otp={otp} />
      </CheckedForm>
    </AuthCard>
  )
}
