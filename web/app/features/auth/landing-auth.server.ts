import { readFormData } from '~/utils/form-data.server.ts'
import { data, redirect } from '@remix-run/node'
import type { OtpPurpose } from '@arzpol/contracts'
import { AUTH_FALLBACKS, AUTH_SUCCESS } from '~/features/auth/auth-messages.ts'
import {
  AUTH_INTENTS,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendRegisterCodeSchema,
  resetPasswordSchema,
  sendRegisterCodeSchema,
} from '~/features/auth/auth-schemas.ts'
import { getEnv } from '~/utils/env.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { errorsFromApi, errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import * as payments from '~/features/auth/auth-api.server.ts'
import type { PaymentsFailure, PaymentsResult } from '~/features/api/payments-client.server.ts'
import type { OtpFlow } from '~/features/auth/session.server.ts'
import {
  commitSession,
  flashCookie,
  getSessionTokens,
  otpFlowCookie,
  resendRemaining,
  secondFactorCookie,
} from '~/features/auth/session.server.ts'
import { SECOND_FACTOR_PATH } from '~/features/auth/second-factor.ts'
import type { AuthMode, OtpView } from './auth-forms.tsx'

/** Server side of the landing page's auth modes: the loader's view of a mode, and every action. */

const MODES: Record<string, AuthMode> = {
  login: 'login',
  register: 'register',
  forgot: 'forgot',
  forgotPassword: 'forgot',
  reset: 'reset',
  resetPassword: 'reset',
}

export function modePath(mode: AuthMode): string {
  return `/?auth=${mode}`
}

function otpView(flow: OtpFlow, now = Date.now()): OtpView {
  const showDevCode = getEnv().APP_ENV !== 'production'
  return {
    phone: flow.phone,
    sentAt: flow.sentAt,
    remaining: resendRemaining(flow, now),
    devCode: showDevCode && flow.devCode ? flow.devCode : null,
  }
}

export function loadLanding(request: Request) {
  const url = new URL(request.url)
  const requested = url.searchParams.get('auth')
  const mode: AuthMode | 'home' = (requested && MODES[requested]) || 'home'
  const signedIn = getSessionTokens(request) !== null
  if (mode !== 'home' && signedIn) throw redirect('/dashboard')

  const flow = otpFlowCookie.read(request)
  if (mode === 'reset' && flow?.purpose !== 'reset') throw redirect(modePath('forgot'))
  const purpose: OtpPurpose | null =
    mode === 'register' ? 'register' : mode === 'reset' ? 'reset' : null
  const otp = flow && purpose && flow.purpose === purpose ? otpView(flow) : null
  // After a password change the login form starts with the phone that was just used.
  const prefillPhone = mode === 'login' ? (flashCookie.read(request)?.phone ?? null) : null
  return { mode, signedIn, otp, prefillPhone }
}

export interface AuthActionData {
  intent: string
  errors: FormErrors
  phone?: string
  /** A refused resend (429) restarts the countdown from the server's `retry_after`. */
  otp?: OtpView
}

function failure(
  intent: string,
  errors: FormErrors,
  status: number,
  extra: Partial<AuthActionData> = {},
  headers?: Headers,
) {
  return data<AuthActionData>({ intent, errors, ...extra }, { status, headers })
}

function upstreamStatus(result: PaymentsResult<unknown>): number {
  return result.ok ? 200 : result.status >= 400 && result.status < 500 ? result.status : 502
}

/** The form as submitted failed its schema (the one the browser runs too): 400, phone kept. */
function invalid(intent: string, error: Parameters<typeof errorsFromZod>[0], phone?: string) {
  return failure(intent, errorsFromZod(error), 400, phone === undefined ? {} : { phone })
}

/** Where payments-service's field errors go on each form; other fields' go to the whole form. */
const API_FIELDS = {
  login: { phone: 'phone', username: 'phone', password: 'password' },
  register: { phone: 'phone', password: 'password', code: 'code' },
  reset: { code: 'code', new_password: 'password', password: 'password' },
}

/** payments-service refused the form: its messages, else the fallback (docs/product/errors.md). */
function refused(
  intent: string,
  result: PaymentsFailure,
  form: keyof typeof API_FIELDS,
  extra: Partial<AuthActionData> = {},
) {
  const errors = errorsFromApi(result.body, AUTH_FALLBACKS[form], API_FIELDS[form])
  return failure(intent, errors, upstreamStatus(result), extra)
}

function redirectWith(location: string, cookies: string[]) {
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return redirect(location, { headers })
}

async function sendCode(
  request: Request,
  intent: string,
  phone: string,
  purpose: OtpPurpose,
  existing: OtpFlow | null,
) {
  const result = await payments.sendOtp(request, { phone, purpose })
  if (result.ok) {
    const flow: OtpFlow = {
      purpose,
      phone,
      sentAt: Date.now(),
      resendAfter: result.data.expires_in,
      ...(result.data.dev_code ? { devCode: result.data.dev_code } : {}),
    }
    return redirectWith(modePath(purpose), [
      otpFlowCookie.serialize(flow),
      flashCookie.serialize({ message: AUTH_SUCCESS.codeSent }),
    ])
  }
  const errors = errorsFromApi(result.body, AUTH_FALLBACKS.sendCode, { phone: 'phone' })
  // Asked again too early: the code already sent is still good, so keep its form open and
  // restart the countdown from what the server says.
  if (
    result.retryAfter !== undefined &&
    existing?.purpose === purpose &&
    existing.phone === phone
  ) {
    const flow: OtpFlow = { ...existing, sentAt: Date.now(), resendAfter: result.retryAfter }
    const headers = new Headers({ 'Set-Cookie': otpFlowCookie.serialize(flow) })
    return failure(intent, errors, 429, { phone, otp: otpView(flow) }, headers)
  }
  return failure(intent, errors, upstreamStatus(result), { phone })
}

export async function handleAuthAction(request: Request) {
  const formData = await readFormData(request)
  const values = formDataToObject(formData)
  const intent = values.intent ?? ''
  const submittedPhone = values.phone?.trim()
  const flow = otpFlowCookie.read(request)

  switch (intent) {
    case AUTH_INTENTS.login: {
      const parsed = loginSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, parsed.error, submittedPhone)
      const result = await payments.login(request, parsed.data)
      if (!result.ok) return refused(intent, result, 'login', { phone: parsed.data.phone })
      if ('challenge' in result.data) {
        // Staff: no tokens yet; the second factor's page takes it from here.
        return redirectWith(SECOND_FACTOR_PATH, [
          secondFactorCookie.serialize({
            challenge: result.data.challenge,
            enrol: result.data.code === 'second_factor_enrolment_required',
          }),
          otpFlowCookie.clear(),
        ])
      }
      return redirectWith('/dashboard', [
        commitSession(result.data),
        flashCookie.serialize({ message: AUTH_SUCCESS.loggedIn }),
        otpFlowCookie.clear(),
      ])
    }

    case AUTH_INTENTS.sendRegisterCode:
    case AUTH_INTENTS.resendRegisterCode: {
      const schema =
        intent === AUTH_INTENTS.sendRegisterCode ? sendRegisterCodeSchema : resendRegisterCodeSchema
      const parsed = schema.safeParse(values)
      if (!parsed.success) return invalid(intent, parsed.error, submittedPhone)
      return sendCode(request, intent, parsed.data.phone, 'register', flow)
    }

    case AUTH_INTENTS.register: {
      const parsed = registerSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, parsed.error, submittedPhone)
      const result = await payments.register(request, parsed.data)
      if (!result.ok) return refused(intent, result, 'register', { phone: parsed.data.phone })
      return redirectWith('/dashboard', [
        commitSession(result.data),
        flashCookie.serialize({ message: AUTH_SUCCESS.registered }),
        otpFlowCookie.clear(),
      ])
    }

    case AUTH_INTENTS.sendResetCode: {
      const parsed = forgotPasswordSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, parsed.error, submittedPhone)
      return sendCode(request, intent, parsed.data.phone, 'reset', flow)
    }

    case AUTH_INTENTS.resendResetCode: {
      if (flow?.purpose !== 'reset') return redirect(modePath('forgot'))
      return sendCode(request, intent, flow.phone, 'reset', flow)
    }

    case AUTH_INTENTS.resetPassword: {
      if (flow?.purpose !== 'reset') return redirect(modePath('forgot'))
      const parsed = resetPasswordSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, parsed.error)
      const result = await payments.resetPassword(request, {
        phone: flow.phone,
        code: parsed.data.code,
        newPassword: parsed.data.password,
      })
      if (!result.ok) return refused(intent, result, 'reset')
      return redirectWith(modePath('login'), [
        otpFlowCookie.clear(),
        flashCookie.serialize({ message: AUTH_SUCCESS.passwordChanged, phone: flow.phone }),
      ])
    }

    default:
      return failure(intent, { form: ['درخواست نامعتبر است'], fields: {} }, 400)
  }
}
