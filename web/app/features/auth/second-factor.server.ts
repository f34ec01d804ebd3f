import { data, redirect } from '@remix-run/node'
import { EnrolledTokens, Enrolment, VerifiedTokens } from '@arzpol/contracts/auth/staff'
import { readFormData } from '~/utils/form-data.server.ts'
import { errorsFromApi, formDataToObject, type FormErrors } from '~/utils/form-errors.ts'
import { call } from '~/features/api/payments-client.server.ts'
import { RECOVERY_CODES_PATH } from './second-factor.ts'
import {
  commitSession,
  flashCookie,
  recoveryCodesCookie,
  secondFactorCookie,
} from './session.server.ts'

/**
 * The second step of a staff sign-in (ADR 015). The login form leaves the challenge of
 * payments-service's 202 in a sealed cookie and comes here: a staff member without an
 * authenticator enrols (the secret as text and as an otpauth:// link, confirmed with a first
 * code; the recovery codes are then shown once on their own page), everyone else answers a code
 * or a recovery code. Plain forms: all of it works without JavaScript.
 */

const LOGIN_PATH = '/?auth=login'

export const SECOND_FACTOR_TEXT = {
  fallback: 'تأیید دومرحله‌ای انجام نشد؛ دوباره تلاش کنید.',
  codeRequired: 'کد تأیید را وارد کنید',
  signedIn: 'ورود موفق بود',
  expired: 'مهلت ورود به پایان رسیده است؛ دوباره با رمز عبور وارد شوید.',
} as const

/** Answers after which the challenge is of no more use: back to the password. */
const DEAD_CHALLENGE_CODES = new Set([
  'second_factor_challenge_invalid',
  'second_factor_already_enrolled',
  'second_factor_not_enrolled',
  'account_blocked',
])

function redirectWith(location: string, cookies: string[]): Response {
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return redirect(location, { headers })
}

function backToLogin(message: string): Response {
  return redirectWith(LOGIN_PATH, [secondFactorCookie.clear(), flashCookie.serialize({ message })])
}

const codeOf = (body: unknown) =>
  body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
    ? body.code
    : null

export type SecondFactorView =
  { mode: 'enrol'; secret: string; otpauthUri: string } | { mode: 'verify' }

export async function loadSecondFactor(request: Request): Promise<SecondFactorView> {
  const step = secondFactorCookie.read(request)
  if (!step) throw redirect(LOGIN_PATH)
  if (!step.enrol) return { mode: 'verify' }
  const result = await call(request, '/api/auth/second-factor/enrolment/', {
    method: 'POST',
    body: { challenge: step.challenge },
    schema: Enrolment,
  })
  if (result.ok) {
    return { mode: 'enrol', secret: result.data.secret, otpauthUri: result.data.otpauth_uri }
  }
  if (result.status >= 400 && result.status < 500) {
    const detail = result.body && 'detail' in result.body ? String(result.body.detail) : null
    throw backToLogin(detail ?? SECOND_FACTOR_TEXT.expired)
  }
  throw data({ message: SECOND_FACTOR_TEXT.fallback }, { status: 503 })
}

export interface SecondFactorActionData {
  errors: FormErrors
}

/** Cross-origin posts never get here: web's server checks the origin of every form post. */
export async function secondFactorAction(request: Request) {
  const step = secondFactorCookie.read(request)
  if (!step) return backToLogin(SECOND_FACTOR_TEXT.expired)
  const values = formDataToObject(await readFormData(request))
  const code = (values.code ?? '').trim()
  if (!code) {
    return data<SecondFactorActionData>(
      { errors: { form: [], fields: { code: [SECOND_FACTOR_TEXT.codeRequired] } } },
      { status: 400 },
    )
  }

  if (step.enrol) {
    const result = await call(request, '/api/auth/second-factor/enrolment/confirm/', {
      method: 'POST',
      body: { challenge: step.challenge, code },
      schema: EnrolledTokens,
    })
    if (result.ok) {
      return redirectWith(RECOVERY_CODES_PATH, [
        commitSession(result.data),
        recoveryCodesCookie.serialize({ codes: result.data.recovery_codes }),
        secondFactorCookie.clear(),
      ])
    }
    return refused(result)
  }

  const result = await call(request, '/api/auth/second-factor/verify/', {
    method: 'POST',
    body: { challenge: step.challenge, code },
    schema: VerifiedTokens,
  })
  if (result.ok) {
    return redirectWith('/staff', [
      commitSession(result.data),
      flashCookie.serialize({ message: result.data.detail ?? SECOND_FACTOR_TEXT.signedIn }),
      secondFactorCookie.clear(),
    ])
  }
  return refused(result)
}

function refused(result: { status: number; body: unknown }) {
  const reason = codeOf(result.body)
  const body = result.body as Parameters<typeof errorsFromApi>[0]
  if (reason && DEAD_CHALLENGE_CODES.has(reason)) {
    const detail = body && 'detail' in body ? String(body.detail) : SECOND_FACTOR_TEXT.expired
    return backToLogin(detail)
  }
  const status = result.status >= 400 && result.status < 500 ? result.status : 502
  return data<SecondFactorActionData>(
    { errors: errorsFromApi(body, SECOND_FACTOR_TEXT.fallback, { code: 'code' }) },
    { status },
  )
}

/** The recovery codes of the enrolment that just happened, once: reading them deletes them. */
export function takeRecoveryCodes(request: Request) {
  const stored = recoveryCodesCookie.read(request)
  if (!stored) throw redirect('/staff')
  return data(
    { codes: stored.codes },
    {
      headers: { 'Set-Cookie': recoveryCodesCookie.clear(), 'Cache-Control': 'private, no-store' },
    },
  )
}
