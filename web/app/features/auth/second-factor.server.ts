import { data, redirect } from '@remix-run/node'
import {
  EnrolledTokens,
  Enrolment,
  SECOND_FACTOR_MESSAGES,
  VerifiedTokens,
} from '@arzpol/contracts/auth/staff'
import { readFormData } from '~/utils/form-data.server.ts'
import { errorsFromApi, formDataToObject, type FormErrors } from '~/utils/form-errors.ts'
import { call } from '~/features/api/payments-client.server.ts'
import { qrCode, type QrCode } from './qr-code.server.ts'
import {
  RECOVERY_CODES_PATH,
  SECOND_FACTOR_INTENTS,
  SECOND_FACTOR_PATH,
  STAFF_LOGIN_PATH,
} from './second-factor.ts'
import {
  commitSession,
  enrolmentLinkCookie,
  flashCookie,
  recoveryCodesCookie,
  secondFactorCookie,
  type SecondFactorStep,
} from './session.server.ts'

/**
 * The second step of a staff sign-in (ADR 015). The login form leaves the challenge of
 * payments-service's 202 in a sealed cookie and comes here: everyone with an authenticator
 * answers a code or a recovery code; a staff member without one enrols, which also takes the
 * one-time enrolment link an admin issued for them (ADR 035), held in its own cookie since the
 * link was opened. Showing the secret is a POST (it uses the link up); the secret then stays in
 * the sealed step cookie, shown as a QR code drawn on the server, as text, and as an otpauth://
 * link, until a first code confirms it; the recovery codes are then shown once on their own
 * page. Plain forms: all of it works without JavaScript.
 */

// Only staff pass a second factor: back to their own sign-in.
const LOGIN_PATH = STAFF_LOGIN_PATH

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

const detailOf = (body: unknown) =>
  body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
    ? body.detail
    : null

/**
 * What the page shows: the code form (`verify`), or one stage of an enrolment: the secret
 * (`key`), the button that shows it (`ready`, an enrolment link is held), or why it cannot start
 * (`link-required`).
 */
export type SecondFactorView =
  | { mode: 'verify' }
  | { mode: 'enrol'; stage: 'key'; secret: string; otpauthUri: string; qr: QrCode }
  | { mode: 'enrol'; stage: 'ready' }
  | { mode: 'enrol'; stage: 'link-required'; message: string }

export function loadSecondFactor(request: Request): SecondFactorView {
  const step = secondFactorCookie.read(request)
  if (!step) throw redirect(LOGIN_PATH)
  if (!step.enrol) return { mode: 'verify' }
  if (step.enrolment) {
    const { secret, otpauthUri } = step.enrolment
    return { mode: 'enrol', stage: 'key', secret, otpauthUri, qr: qrCode(otpauthUri) }
  }
  if (enrolmentLinkCookie.read(request)) return { mode: 'enrol', stage: 'ready' }
  return {
    mode: 'enrol',
    stage: 'link-required',
    message: SECOND_FACTOR_MESSAGES.enrolmentLinkRequired,
  }
}

export interface SecondFactorActionData {
  errors: FormErrors
}

const formError = (message: string, status: number, headers?: HeadersInit) =>
  data<SecondFactorActionData>(
    { errors: { form: [message], fields: {} } },
    { status, ...(headers ? { headers } : {}) },
  )

/**
 * Shows the secret: payments-service checks the link and uses it up, making a new secret that
 * it never shows again, so the secret is kept in the sealed step cookie from here on. A link it
 * refuses (used, expired, replaced, another account's) is forgotten, and the page says why.
 */
async function startEnrolment(request: Request, step: SecondFactorStep) {
  const held = enrolmentLinkCookie.read(request)
  if (!held) return formError(SECOND_FACTOR_MESSAGES.enrolmentLinkRequired, 403)
  const result = await call(request, '/api/auth/second-factor/enrolment/', {
    method: 'POST',
    body: { challenge: step.challenge, link: held.link },
    schema: Enrolment,
  })
  if (result.ok) {
    return redirectWith(SECOND_FACTOR_PATH, [
      secondFactorCookie.serialize({
        ...step,
        enrolment: { secret: result.data.secret, otpauthUri: result.data.otpauth_uri },
      }),
      enrolmentLinkCookie.clear(),
    ])
  }
  const reason = codeOf(result.body)
  // The link was not used: it still works after signing in again.
  if (reason && DEAD_CHALLENGE_CODES.has(reason)) {
    return backToLogin(detailOf(result.body) ?? SECOND_FACTOR_TEXT.expired)
  }
  if (reason?.startsWith('second_factor_enrolment_link')) {
    return formError(detailOf(result.body) ?? SECOND_FACTOR_MESSAGES.enrolmentLinkInvalid, 403, {
      'Set-Cookie': enrolmentLinkCookie.clear(),
    })
  }
  return refused(result)
}

/** Cross-origin posts never get here: web's server checks the origin of every form post. */
export async function secondFactorAction(request: Request) {
  const step = secondFactorCookie.read(request)
  if (!step) return backToLogin(SECOND_FACTOR_TEXT.expired)
  const values = formDataToObject(await readFormData(request))
  if (step.enrol && values.intent === SECOND_FACTOR_INTENTS.start) {
    return startEnrolment(request, step)
  }
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
    return backToLogin(detailOf(result.body) ?? SECOND_FACTOR_TEXT.expired)
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
