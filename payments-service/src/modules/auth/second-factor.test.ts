import { createHash } from 'node:crypto'
import type { AuthTokens } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { createStaff } from '../../cli/create-staff.ts'
import type { User } from '../../models/user.model.ts'
import { useTestApp } from '../../test/app.ts'
import { insertUser } from '../../test/factories.ts'
import {
  ENROLMENT_CONFIRM_PATH as CONFIRM,
  ENROLMENT_PATH as ENROLMENT,
  enrolmentLinkFor,
  LOGIN_PATH as LOGIN,
  totpAt,
  VERIFY_PATH as VERIFY,
} from '../../test/sessions.ts'

const PASSWORD = 'staff password 1'
const MAX_FAILURES = 4

interface Challenge {
  detail: string
  code: string
  challenge: string
  expires_in: number
}

describe('staff second factor (TOTP)', () => {
  const t = useTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES) } })

  /** A TOTP code of `secret` for the test clock, `steps` 30-second steps away from now. */
  const codeAt = (secret: string, steps = 0) => totpAt(t.deps, secret, steps)

  const login = (user: User, password = PASSWORD) =>
    t.api.post<Challenge>(LOGIN, { username: user.phone, phone: user.phone, password })

  async function challengeOf(user: User): Promise<Challenge> {
    const response = await login(user)
    expect(response.status, response.text).toBe(202)
    return response.body
  }

  /** A support member who went through enrolment: their secret and recovery codes. */
  async function enrolled(role: 'support' | 'admin' = 'support') {
    const user = await insertUser(t.deps, { role, password: PASSWORD })
    const { challenge } = await challengeOf(user)
    const enrolment = await t.api.post<{ secret: string }>(ENROLMENT, {
      challenge,
      link: await enrolmentLinkFor(t, user.id),
    })
    const secret = enrolment.body.secret
    const confirmed = await t.api.post<AuthTokens & { recovery_codes: string[] }>(CONFIRM, {
      challenge,
      code: await codeAt(secret),
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    return { user, secret, recoveryCodes: confirmed.body.recovery_codes }
  }

  it('leaves the customer login as it was: 200 with exactly access and refresh', async () => {
    const customer = await insertUser(t.deps, { password: PASSWORD })
    const response = await login(customer)
    expect(response.status).toBe(200)
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh'])
    expect(await t.deps.db('staff_second_factors').first()).toBeUndefined()
  })

  it('enrols on the first staff sign-in: no tokens, a secret sealed at rest, a first code, ten recovery codes', async () => {
    const user = await insertUser(t.deps, { role: 'admin', password: PASSWORD })
    const first = await login(user)
    expect(first.status).toBe(202)
    expect(first.body).toEqual({
      detail:
        'رمز عبور درست است. برای ورود کارکنان، ابتدا برنامه تأیید دومرحله‌ای (TOTP) را فعال کنید.',
      code: 'second_factor_enrolment_required',
      challenge: expect.stringMatching(/^v1\./) as unknown,
      expires_in: 600,
    })
    const { challenge } = first.body
    // The challenge is not an access token.
    expect((await t.api.get('/api/auth/me/', { token: challenge })).status).toBe(401)

    // Enrolling takes a one-time link issued for the account besides the password (ADR 035).
    const link = await enrolmentLinkFor(t, user.id)
    const enrolment = await t.api.post<{ secret: string; otpauth_uri: string }>(ENROLMENT, {
      challenge,
      link,
    })
    expect(enrolment.status, enrolment.text).toBe(200)
    const { secret, otpauth_uri } = enrolment.body
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(otpauth_uri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('ArzPol')
    // Asked again before confirming (another tab, a reload): the secret is never shown twice.
    const again = await t.api.post<{ secret?: string }>(ENROLMENT, { challenge, link })
    expect([again.status, again.body.secret]).toEqual([410, undefined])
    const row = await t.deps.db('staff_second_factors').where({ user_id: user.id }).first()
    expect(Buffer.from(row.secret_ciphertext).toString('latin1')).not.toContain(secret)
    expect(row.confirmed_at).toBeNull()

    const wrong = await t.api.post(CONFIRM, { challenge, code: '000000' })
    expect([wrong.status, wrong.body]).toEqual([
      401,
      { detail: 'کد تأیید نادرست است', code: 'second_factor_invalid' },
    ])
    const persianDigits = (await codeAt(secret)).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
    const confirmed = await t.api.post<AuthTokens & { recovery_codes: string[] }>(CONFIRM, {
      challenge,
      code: persianDigits,
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(Object.keys(confirmed.body).sort()).toEqual(['access', 'recovery_codes', 'refresh'])
    const codes = confirmed.body.recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    const me = await t.api.get('/api/auth/me/', { token: confirmed.body.access })
    expect(me.body).toMatchObject({ id: user.id })

    const stored = await t.deps.db('staff_recovery_codes').where({ user_id: user.id })
    expect(stored).toHaveLength(10)
    for (const code of codes) {
      expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''))
    }
    // A dump of the table alone cannot be searched for the 2^50 codes: no unkeyed hash of a
    // code (by itself or with the user id) is what the table keeps.
    const hashes = new Set(stored.map((row: { code_hash: string }) => row.code_hash))
    for (const code of codes) {
      const plain = code.replace('-', '')
      for (const input of [plain, `${user.id}:${plain}`]) {
        expect(hashes.has(createHash('sha256').update(input, 'utf8').digest('hex'))).toBe(false)
      }
    }
    const audit = await t.deps.db('user_audit').where({ user_id: user.id })
    expect(audit.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'enrolment_link_issued',
      'second_factor_enrolled',
    ])

    // Enrolled now: the secret is never shown again, and the next sign-in asks for a code.
    expect((await t.api.post(ENROLMENT, { challenge })).body).toMatchObject({
      code: 'second_factor_already_enrolled',
    })
    expect((await t.api.post(CONFIRM, { challenge, code: '123456' })).status).toBe(409)
    const next = await login(user)
    expect(next.status).toBe(202)
    expect(next.body.code).toBe('second_factor_required')
    expect(next.body).not.toHaveProperty('access')
  })

  it('staff made by the create-staff command enrol at their first sign-in', async () => {
    const { user } = await createStaff(t.deps.db, t.deps.passwords, {
      phone: '09351110000',
      password: PASSWORD,
      role: 'support',
    })
    const response = await login(user)
    expect(response.status).toBe(202)
    expect(response.body.code).toBe('second_factor_enrolment_required')
  })

  it('accepts a code one step either side of now, and never the same step twice', async () => {
    const { user, secret } = await enrolled()
    // The step confirmed at enrolment cannot sign in again.
    const replayed = await t.api.post(VERIFY, {
      challenge: (await challengeOf(user)).challenge,
      code: await codeAt(secret),
    })
    expect([replayed.status, replayed.body]).toEqual([
      401,
      {
        detail: 'این کد همین حالا استفاده شده است؛ منتظر کد بعدی برنامه بمانید.',
        code: 'second_factor_code_used',
      },
    ])

    t.clock.advance(90)
    const { challenge } = await challengeOf(user)
    const tooOld = await t.api.post(VERIFY, { challenge, code: await codeAt(secret, -2) })
    expect(tooOld.body).toMatchObject({ code: 'second_factor_invalid' })
    const previousStep = await t.api.post<AuthTokens>(VERIFY, {
      challenge,
      code: await codeAt(secret, -1),
    })
    expect(previousStep.status, previousStep.text).toBe(200)
    expect(Object.keys(previousStep.body).sort()).toEqual(['access', 'refresh'])
    expect((await t.api.get('/api/auth/me/', { token: previousStep.body.access })).status).toBe(200)

    const nextStep = await t.api.post(VERIFY, { challenge, code: await codeAt(secret, 1) })
    expect(nextStep.status).toBe(200)
    // The current step is older than the one just accepted: refused as used.
    const current = await t.api.post(VERIFY, { challenge, code: await codeAt(secret) })
    expect(current.body).toMatchObject({ code: 'second_factor_code_used' })
    const replay = await t.api.post(VERIFY, { challenge, code: await codeAt(secret, 1) })
    expect(replay.body).toMatchObject({ code: 'second_factor_code_used' })
  })

  it('takes each recovery code once and says how many remain, audited', async () => {
    const { user, recoveryCodes } = await enrolled('admin')
    const [first = '', second = ''] = recoveryCodes
    const { challenge } = await challengeOf(user)

    const used = await t.api.post<Record<string, unknown>>(VERIFY, {
      challenge,
      code: ` ${first.toUpperCase()} `,
    })
    expect(used.status, used.text).toBe(200)
    expect(used.body).toMatchObject({
      recovery_codes_left: 9,
      detail: 'با کد بازیابی وارد شدید. ۹ کد بازیابی دیگر باقی مانده است.',
    })
    expect((await t.api.get('/api/auth/me/', { token: String(used.body.access) })).status).toBe(200)

    const again = await t.api.post(VERIFY, { challenge, code: first })
    expect([again.status, again.body]).toEqual([
      401,
      { detail: 'کد تأیید نادرست است', code: 'second_factor_invalid' },
    ])
    const secondUse = await t.api.post(VERIFY, { challenge, code: second.replace('-', '') })
    expect(secondUse.body).toMatchObject({ recovery_codes_left: 8 })

    const audit = await t.deps
      .db('user_audit')
      .where({ user_id: user.id, action: 'recovery_code_used' })
      .orderBy('id')
    expect(audit.map((entry: { note: string }) => entry.note)).toEqual([
      '۹ کد بازیابی باقی مانده است',
      '۸ کد بازیابی باقی مانده است',
    ])
  })

  it('counts wrong codes like failed passwords: the account is throttled, even for the right code', async () => {
    const { user, secret } = await enrolled()
    t.clock.advance(30)
    const { challenge } = await challengeOf(user)
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await t.api.post(VERIFY, { challenge, code: `00000${i}` })
      expect(wrong.status).toBe(401)
    }
    const right = await t.api.post(VERIFY, { challenge, code: await codeAt(secret) })
    expect(right.status).toBe(429)
    expect(right.body).toMatchObject({ code: 'login_rate_limited' })
    // The password does not open a way around it either.
    expect((await login(user)).status).toBe(429)

    t.clock.advance(15 * 60 + 1)
    const later = await challengeOf(user)
    const signedIn = await t.api.post(VERIFY, {
      challenge: later.challenge,
      code: await codeAt(secret),
    })
    expect(signedIn.status, signedIn.text).toBe(200)
  })

  it('refuses an expired, forged or outdated challenge, and malformed codes field by field', async () => {
    const { user, secret } = await enrolled()
    const { challenge } = await challengeOf(user)
    const invalid = {
      detail: 'مهلت ورود به پایان رسیده است؛ دوباره با رمز عبور وارد شوید.',
      code: 'second_factor_challenge_invalid',
    }

    const [version, payload = '', mac] = challenge.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: number }
    const other = await insertUser(t.deps, { role: 'admin' })
    const forged = [
      version,
      Buffer.from(JSON.stringify({ ...claims, u: other.id })).toString('base64url'),
      mac,
    ].join('.')
    for (const bad of [forged, 'v1.e30.AAAA', 'x'.repeat(500), '\u0000']) {
      const response = await t.api.post(VERIFY, { challenge: bad, code: '123456' })
      expect([response.status, response.body]).toEqual([401, invalid])
    }

    expect((await t.api.post(VERIFY, { challenge, code: '12' })).body).toEqual({
      code: ['کد شش‌رقمی برنامه یا یک کد بازیابی (مانند abcde-fghij) وارد کنید'],
    })
    expect((await t.api.post(CONFIRM, { challenge, code: 'abcde-fghij' })).body).toEqual({
      code: ['کد تأیید باید ۶ رقم باشد'],
    })
    expect((await t.api.post(VERIFY, {})).body).toEqual({
      challenge: ['شناسه ورود را ارسال کنید'],
      code: ['کد تأیید را وارد کنید'],
    })

    // A password changed since the challenge was made kills it.
    await t.deps
      .db('users')
      .where({ id: user.id })
      .update({ password_changed_at: new Date(t.clock.now().getTime() + 1000) })
    t.clock.advance(30)
    const outdated = await t.api.post(VERIFY, { challenge, code: await codeAt(secret) })
    expect([outdated.status, outdated.body]).toEqual([401, invalid])

    const fresh = await challengeOf(user)
    t.clock.advance(601)
    const expired = await t.api.post(VERIFY, {
      challenge: fresh.challenge,
      code: await codeAt(secret),
    })
    expect([expired.status, expired.body]).toEqual([401, invalid])
  })
})
