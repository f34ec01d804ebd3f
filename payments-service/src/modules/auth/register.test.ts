import type { AuthTokens } from '@arzpol/contracts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import { PHONE_INVALID_MESSAGE } from '@arzpol/contracts/phone'
import { describe, expect, it } from 'vitest'
import { OtpChallenge } from '../../models/otp-challenge.model.ts'
import { User } from '../../models/user.model.ts'
import { requestCode, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { expectFieldErrors } from '../../test/field-errors.ts'

const REGISTER = '/api/auth/register/'
const INVALID_CODE = { code: ['کد تایید نامعتبر یا منقضی شده است'] }
const PASSWORD = 'correct horse 1'

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

describe('POST /api/auth/register/', () => {
  const t = useTestApp()

  it('creates the account and signs in: 201 with access and refresh', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    const response = await t.api.post<AuthTokens>(REGISTER, { phone, password: PASSWORD, code })
    expect(response.status).toBe(201)
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh'])

    const me = await t.api.get('/api/auth/me/', { token: response.body.access })
    expect(me.body).toEqual({ id: expect.any(Number), username: phone, email: null })
    const user = await User.query(t.deps.db).findOne({ phone })
    expect(user?.role).toBe('customer')
    expect(user?.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('refuses a wrong code with the spec text', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    const response = await t.api.post(REGISTER, {
      phone,
      password: PASSWORD,
      code: otherCode(code),
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(INVALID_CODE)
  })

  it('refuses an expired code', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    t.clock.advance(120)
    const response = await t.api.post(REGISTER, { phone, password: PASSWORD, code })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(INVALID_CODE)
  })

  it('kills a code after 5 wrong guesses: the 6th guess is refused even when right', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api.post(REGISTER, { phone, password: PASSWORD, code: otherCode(code) })
      expect(wrong.body).toEqual(INVALID_CODE)
    }
    const right = await t.api.post(REGISTER, { phone, password: PASSWORD, code })
    expect(right.status).toBe(400)
    expect(right.body).toEqual(INVALID_CODE)
    expect(await User.query(t.deps.db).findOne({ phone })).toBeUndefined()

    // A dead code ends the countdown early: a new one may be asked for at once.
    const fresh = await requestCode(t.api, phone, 'register')
    expect((await t.api.post(REGISTER, { phone, password: PASSWORD, code: fresh })).status).toBe(
      201,
    )
  })

  it('counts guesses made in parallel one by one (row lock), so 5 stays the cap', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    const wrongCodes = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 10_000).padStart(4, '0'),
    )
    await Promise.all(
      wrongCodes.map((guess) => t.api.post(REGISTER, { phone, password: PASSWORD, code: guess })),
    )
    const challenge = await OtpChallenge.query(t.deps.db).findOne({ phone })
    expect(challenge?.attempts).toBe(5)
    expect((await t.api.post(REGISTER, { phone, password: PASSWORD, code })).status).toBe(400)
  })

  it('uses a code once', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    expect((await t.api.post(REGISTER, { phone, password: PASSWORD, code })).status).toBe(201)
    const again = await t.api.post(REGISTER, { phone, password: PASSWORD, code })
    expect(again.status).toBe(400)
  })

  it('does not accept a code sent for a password reset', async () => {
    const user = await insertUser(t.deps)
    const code = await requestCode(t.api, user.phone, 'reset')
    const response = await t.api.post(REGISTER, { phone: user.phone, password: PASSWORD, code })
    expect(response.body).toEqual(INVALID_CODE)
  })

  it.each([
    {
      body: { phone: '123', password: 'short', code: '12' },
      password: MESSAGES.passwordTooShort,
      code: MESSAGES.codeFormat,
    },
    { body: {}, password: MESSAGES.passwordRequired, code: MESSAGES.codeRequired },
  ])('checks every field and answers all field errors at once: $body', async (bad) => {
    expectFieldErrors(await t.api.post(REGISTER, bad.body), {
      phone: [PHONE_INVALID_MESSAGE],
      password: [bad.password],
      code: [bad.code],
    })
  })

  it('accepts Persian digits in phone, code and password (stored as Latin digits)', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'register')
    const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
    const response = await t.api.post(REGISTER, {
      phone: persian(phone),
      password: persian('12345678'),
      code: persian(code),
    })
    expect(response.status).toBe(201)
    const login = await t.api.post('/api/auth/login/', { phone, password: '12345678' })
    expect(login.status).toBe(200)
  })

  describe('for a phone that already has an account', () => {
    it('answers a wrong code exactly as for a new phone (no enumeration)', async () => {
      const existing = await insertUser(t.deps)
      const fresh = uniquePhone()
      const codeA = await requestCode(t.api, existing.phone, 'register')
      const codeB = await requestCode(t.api, fresh, 'register')
      const a = await t.api.post(REGISTER, {
        phone: existing.phone,
        password: PASSWORD,
        code: otherCode(codeA),
      })
      const b = await t.api.post(REGISTER, {
        phone: fresh,
        password: PASSWORD,
        code: otherCode(codeB),
      })
      expect([a.status, a.body]).toEqual([b.status, b.body])
    })

    it('with the right code says it is taken and leaves the account untouched', async () => {
      const existing = await insertUser(t.deps, { password: 'the owners password' })
      const code = await requestCode(t.api, existing.phone, 'register')
      expect(await t.smsCodes(existing.phone)).toEqual([code])
      const response = await t.api.post(REGISTER, {
        phone: existing.phone,
        password: 'attacker password',
        code,
      })
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        phone: ['این شماره تلفن قبلاً ثبت شده است. وارد شوید یا رمز عبور را بازیابی کنید.'],
      })
      const owner = await t.api.post('/api/auth/login/', {
        phone: existing.phone,
        password: 'the owners password',
      })
      expect(owner.status).toBe(200)
      expect(await User.query(t.deps.db).where({ phone: existing.phone }).resultSize()).toBe(1)
    })
  })
})
