import type { AuthTokens } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { requestCode, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'

/**
 * OTP brute force: a per-phone budget of failed codes across codes, after which the
 * phone's OTP flows (register, reset) are locked for hours with one SMS to its owner, and a
 * per-IP budget of failed codes. Password sign-in is never locked by it.
 */

const RESET = '/api/auth/password/reset/'
const REGISTER = '/api/auth/register/'
const LOGIN = '/api/auth/login/'
const SEND = '/api/auth/otp/send/'
const CHANGE = '/api/auth/password/change/'
const PASSWORD = 'correct horse 1'
const LOCK_TEMPLATE = 'arzpol-otp-lock'
const LOCK_MESSAGE =
  'به دلیل ورود بیش از حد کد تایید نادرست، ثبت‌نام و بازیابی رمز عبور برای این شماره تا ۶ ساعت دیگر ممکن نیست. ورود با رمز عبور همچنان ممکن است.'

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

let ipCounter = 0
/** Each test its own client address, so the per-IP budget of one test never meets another's. */
const newIp = () => ({ 'X-Forwarded-For': `198.51.100.${++ipCounter}` })

describe('OTP failure budget', () => {
  const t = useTestApp({
    env: { KAVENEGAR_OTP_LOCK_TEMPLATE: LOCK_TEMPLATE, OTP_FAILURE_BUDGET_PER_IP: '30' },
  })

  const lockSms = async (phone: string) => {
    await t.deps.sms.drain()
    return t.kavenegar.received.filter(
      (r) => r.form.receptor === phone && r.form.template === LOCK_TEMPLATE,
    )
  }

  /** One code, then `guesses` wrong guesses at it through reset (or register). */
  async function wrongGuesses(
    phone: string,
    guesses: number,
    headers: Record<string, string>,
    purpose: 'reset' | 'register' = 'reset',
  ) {
    const code = await requestCode(t.api, phone, purpose, headers)
    const statuses: number[] = []
    for (let i = 0; i < guesses; i++) {
      const response =
        purpose === 'reset'
          ? await t.api.post(
              RESET,
              { phone, code: otherCode(code), new_password: 'new password 2' },
              { headers },
            )
          : await t.api.post(
              REGISTER,
              { phone, password: PASSWORD, code: otherCode(code) },
              { headers },
            )
      statuses.push(response.status)
    }
    return statuses
  }

  /** The default budget (20 failed codes in 24 h), spent as 4 codes × 5 wrong guesses. */
  async function spendBudget(phone: string, headers: Record<string, string>) {
    for (let round = 0; round < 4; round++) {
      expect(await wrongGuesses(phone, 5, headers)).toEqual([400, 400, 400, 400, 400])
    }
  }

  it('locks reset and register for the phone at the 20th failed code, with a Persian 429', async () => {
    const ip = newIp()
    const user = await insertUser(t.deps, { password: PASSWORD })
    for (let round = 0; round < 3; round++) await wrongGuesses(user.phone, 5, ip)
    // 19 failures: not locked, every guess is still checked.
    const code = await requestCode(t.api, user.phone, 'reset', ip)
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api.post(
        RESET,
        { phone: user.phone, code: otherCode(code), new_password: 'new password 2' },
        { headers: ip },
      )
      expect(wrong.status).toBe(400) // the 5th of them is the 20th failure: the lock engages
    }

    const right = await t.api.post(
      RESET,
      { phone: user.phone, code, new_password: 'new password 2' },
      { headers: ip },
    )
    expect([right.status, right.body]).toEqual([
      429,
      { detail: LOCK_MESSAGE, code: 'otp_locked', retry_after: 6 * 3600 },
    ])
    expect(right.headers.get('retry-after')).toBe(String(6 * 3600))
    for (const purpose of ['reset', 'register'] as const) {
      const send = await t.api.post(SEND, { phone: user.phone, purpose }, { headers: newIp() })
      expect([send.status, send.body]).toMatchObject([429, { detail: LOCK_MESSAGE }])
    }
    // The password was not changed.
    const login = await t.api.post(LOGIN, { phone: user.phone, password: PASSWORD })
    expect(login.status).toBe(200)
  })

  it('counts failures across codes and purposes, and only within the window (24 h)', async () => {
    const ip = newIp()
    const phone = uniquePhone()
    await wrongGuesses(phone, 5, ip, 'register')
    await wrongGuesses(phone, 5, ip, 'register')
    t.clock.advance(24 * 3600 + 1) // those 10 no longer count
    for (let round = 0; round < 3; round++) await wrongGuesses(phone, 5, ip, 'register')
    const code = await requestCode(t.api, phone, 'register', ip)
    const response = await t.api.post(
      REGISTER,
      { phone, password: PASSWORD, code },
      { headers: ip },
    )
    expect(response.status, response.text).toBe(201)
  })

  it("sends the phone's owner one SMS per lock, and the lock lifts after 6 hours", async () => {
    const ip = newIp()
    const user = await insertUser(t.deps, { password: PASSWORD })
    await spendBudget(user.phone, ip)
    expect(await lockSms(user.phone)).toHaveLength(1)
    expect((await lockSms(user.phone))[0]?.form.token).toBe('6')
    // More attempts while locked send nothing more.
    for (let i = 0; i < 3; i++) {
      await t.api.post(SEND, { phone: user.phone, purpose: 'reset' }, { headers: ip })
      await t.api.post(
        RESET,
        { phone: user.phone, code: '1234', new_password: 'new password 2' },
        { headers: ip },
      )
    }
    expect(await lockSms(user.phone)).toHaveLength(1)

    t.clock.advance(6 * 3600 + 1)
    const code = await requestCode(t.api, user.phone, 'reset', ip)
    const reset = await t.api.post(
      RESET,
      { phone: user.phone, code, new_password: 'new password 2' },
      { headers: ip },
    )
    expect(reset.status, reset.text).toBe(200)

    // The 20 failures still count within their 24 h: the next wrong code locks it again, and
    // that second lock sends its own one SMS.
    expect(await wrongGuesses(user.phone, 1, ip)).toEqual([400])
    const again = await t.api.post(SEND, { phone: user.phone, purpose: 'reset' }, { headers: ip })
    expect([again.status, again.body]).toMatchObject([429, { code: 'otp_locked' }])
    expect(await lockSms(user.phone)).toHaveLength(2)
  })

  it('a phone without an account is locked the same way, and no lock SMS goes to it', async () => {
    const ip = newIp()
    const phone = uniquePhone()
    for (let round = 0; round < 4; round++) await wrongGuesses(phone, 5, ip, 'register')
    const send = await t.api.post(SEND, { phone, purpose: 'register' }, { headers: ip })
    expect([send.status, send.body]).toMatchObject([429, { code: 'otp_locked' }])
    expect(await lockSms(phone)).toHaveLength(0)
  })

  it('sign-in with the right password keeps working while the phone is locked', async () => {
    const ip = newIp()
    const user = await insertUser(t.deps, { password: PASSWORD })
    await spendBudget(user.phone, ip)
    const send = await t.api.post(SEND, { phone: user.phone, purpose: 'reset' }, { headers: ip })
    expect(send.status).toBe(429)
    const login = await t.api.post<AuthTokens>(
      LOGIN,
      { phone: user.phone, password: PASSWORD },
      { headers: ip },
    )
    expect(login.status, login.text).toBe(200)
    expect(login.body.access).toBeTruthy()
  })

  it("a signed-in owner's password change keeps working while the phone is locked", async () => {
    const ip = newIp()
    const user = await insertUser(t.deps, { password: PASSWORD })
    const session = await t.api.post<AuthTokens>(LOGIN, { phone: user.phone, password: PASSWORD })
    await spendBudget(user.phone, ip)
    t.clock.advance(1)
    const change = await t.api.post<AuthTokens>(
      CHANGE,
      { old_password: PASSWORD, new_password: 'brand new pass 3' },
      { token: session.body.access, headers: ip },
    )
    expect(change.status, change.text).toBe(200)
    expect(Object.keys(change.body).sort()).toEqual(['access', 'refresh'])
    expect((await t.api.get('/api/auth/me/', { token: change.body.access })).status).toBe(200)
    const login = await t.api.post(LOGIN, { phone: user.phone, password: 'brand new pass 3' })
    expect(login.status, login.text).toBe(200)
  })

  it('holds the per-IP budget exactly under a concurrent burst across phones', async () => {
    const ip = newIp()
    const phones = Array.from({ length: 8 }, () => uniquePhone())
    const codes = await Promise.all(
      phones.map((phone) => requestCode(t.api, phone, 'register', ip)),
    )
    // 8 phones × 5 wrong codes, all at once, against a budget of 30.
    const statuses = await Promise.all(
      phones.flatMap((phone, i) =>
        Array.from({ length: 5 }, () =>
          t.api
            .post(
              REGISTER,
              { phone, password: PASSWORD, code: otherCode(codes[i]!) },
              { headers: ip },
            )
            .then((response) => response.status),
        ),
      ),
    )
    const counted = await t.deps
      .db('otp_failures')
      .where({ client_ip: ip['X-Forwarded-For'] })
      .count<Array<{ count: string }>>('* as count')
    expect(Number(counted[0]?.count)).toBe(30)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
  })

  it('limits failed codes per client IP (OTP_FAILURE_BUDGET_PER_IP), across phones', async () => {
    const ip = newIp()
    const first = uniquePhone()
    const second = uniquePhone()
    for (let round = 0; round < 4; round++) await wrongGuesses(first, 5, ip, 'register')
    for (let round = 0; round < 2; round++) await wrongGuesses(second, 5, ip, 'register') // 30
    const third = uniquePhone()
    const code = await requestCode(t.api, third, 'register', ip)
    const refused = await t.api.post(
      REGISTER,
      { phone: third, password: PASSWORD, code },
      { headers: ip },
    )
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'otp_ip_limited', retry_after: expect.any(Number) })
    expect(String((refused.body as { detail: string }).detail)).toMatch(/[\u0600-\u06FF]/)
    // Another address is not affected, and the third phone is not locked.
    const other = await t.api.post(
      REGISTER,
      { phone: third, password: PASSWORD, code },
      { headers: newIp() },
    )
    expect(other.status, other.text).toBe(201)
  })
})
