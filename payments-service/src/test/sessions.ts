import { randomBytes, randomUUID } from 'node:crypto'
import type { AuthTokens } from '@arzpol/contracts'
import { generate } from 'otplib'
import { expect } from 'vitest'
import type { AppDeps } from '../http/context.ts'
import { addSeconds } from '../lib/clock.ts'
import { RefreshToken } from '../models/refresh-token.model.ts'
import { User } from '../models/user.model.ts'
import { enrolmentLinkSettings, issueEnrolmentLink } from '../modules/auth/enrolment-links.ts'
import type { AccessSession, AccessSubject, TokenService } from '../modules/auth/tokens.ts'
import type { TestClient } from './http.ts'

/**
 * An access token is only good while its session (a refresh-token family) is open, so a token
 * signed by hand needs a session row behind it. Tests that only need "someone signed in" call
 * `signAccess(user)` without a session: the harness then opens one for them, as a complete
 * sign-in would (second factor passed), so a staff token made this way has staff powers. Tests
 * about weaker sessions pass the session themselves or sign in through the API.
 */
export interface TestTokenService extends TokenService {
  signAccess(user: AccessSubject, session?: AccessSession): Promise<string>
}

export type TestDeps = Omit<AppDeps, 'tokens'> & { tokens: TestTokenService }

/** Opens a session for `userId` straight in the database; its id, for `signAccess`. */
export async function openTestSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: number,
  secondFactor = true,
): Promise<AccessSession> {
  const id = randomUUID()
  const now = deps.clock.now()
  await RefreshToken.query(deps.db).insert({
    user_id: userId,
    family_id: id,
    token_hash: randomBytes(32).toString('hex'),
    second_factor: secondFactor,
    expires_at: addSeconds(now, deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400),
    created_at: now,
  })
  return { id, secondFactor }
}

/** `deps` whose token service opens a session for tokens signed without one (see above). */
export function withTestSessions(deps: AppDeps): TestDeps {
  const tokens = deps.tokens
  const testTokens: TestTokenService = {
    ...tokens,
    async signAccess(user, session) {
      return tokens.signAccess(user, session ?? (await openTestSession(deps, user.id)))
    },
  }
  return { ...deps, tokens: testTokens }
}

/** The staff sign-in steps of the API: password, then enrolment (first time) or a code. */
export const LOGIN_PATH = '/api/auth/login/'
export const ENROLMENT_PATH = '/api/auth/second-factor/enrolment/'
export const ENROLMENT_CONFIRM_PATH = '/api/auth/second-factor/enrolment/confirm/'
export const VERIFY_PATH = '/api/auth/second-factor/verify/'

/** A TOTP code of `secret` at the app's clock (tests move it by hand). */
export const totpAt = (deps: Pick<AppDeps, 'clock'>, secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(deps.clock.now().getTime() / 1000) + steps * 30 })

/** The token of an enrolment link: its `link` query parameter. */
export const linkTokenOf = (url: string) => new URL(url).searchParams.get('link') ?? ''

/**
 * The token of a new enrolment link for the staff member, issued as an operator's create-staff
 * issues one (ADR 035). Revokes the member's older links, as any new link does.
 */
export async function enrolmentLinkFor(
  t: { deps: Pick<AppDeps, 'db' | 'clock' | 'config'> },
  userId: number,
): Promise<string> {
  const { url } = await t.deps.db.transaction((trx) =>
    issueEnrolmentLink(trx, {
      userId,
      actor: 'cli',
      now: t.deps.clock.now(),
      settings: enrolmentLinkSettings(t.deps.config),
    }),
  )
  return linkTokenOf(url)
}

/**
 * A staff member's sign-in through the API the way web does it: password (202 and a challenge),
 * then enrolment on the first sign-in (with an enrolment link issued for them here), or a code
 * later. Answers the token pair and the secret.
 */
export async function signInWithSecondFactor(
  t: { api: TestClient; deps: Pick<AppDeps, 'clock' | 'db' | 'config'> },
  phone: string,
  password: string,
  enrolledSecret?: string,
): Promise<{ tokens: AuthTokens; secret: string }> {
  const login = await t.api.post<{ code: string; challenge: string }>(LOGIN_PATH, {
    phone,
    password,
  })
  expect(login.status, login.text).toBe(202)
  const { challenge } = login.body
  if (enrolledSecret) {
    expect(login.body.code).toBe('second_factor_required')
    const verified = await t.api.post<AuthTokens>(VERIFY_PATH, {
      challenge,
      code: await totpAt(t.deps, enrolledSecret),
    })
    expect(verified.status, verified.text).toBe(200)
    return { tokens: verified.body, secret: enrolledSecret }
  }
  expect(login.body.code).toBe('second_factor_enrolment_required')
  const user = await User.query(t.deps.db).findOne({ phone })
  if (!user) throw new Error(`signInWithSecondFactor: no account for ${phone}`)
  const enrolment = await t.api.post<{ secret: string }>(ENROLMENT_PATH, {
    challenge,
    link: await enrolmentLinkFor(t, user.id),
  })
  expect(enrolment.status, enrolment.text).toBe(200)
  const { secret } = enrolment.body
  const confirmed = await t.api.post<AuthTokens>(ENROLMENT_CONFIRM_PATH, {
    challenge,
    code: await totpAt(t.deps, secret),
  })
  expect(confirmed.status, confirmed.text).toBe(200)
  const { access, refresh } = confirmed.body
  return { tokens: { access, refresh }, secret }
}
