import type { AuthTokens } from '@arzpol/contracts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import { PHONE_INVALID_MESSAGE } from '@arzpol/contracts/phone'
import { describe, expect, it } from 'vitest'
import { RefreshToken } from '../../models/refresh-token.model.ts'
import { registerUser, requestCode, useTestApp } from '../../test/app.ts'
import { uniquePhone } from '../../test/factories.ts'
import { expectFieldErrors } from '../../test/field-errors.ts'

const RESET = '/api/auth/password/reset/'
const LOGIN = '/api/auth/login/'
const INVALID_CODE = { code: ['کد تایید نامعتبر یا منقضی شده است'] }

describe('POST /api/auth/password/reset/', () => {
  const t = useTestApp({ env: { OTP_DEV_CODES: 'false' } })

  /** Production-like: the code is read from the SMS the fake Kavenegar received. */
  async function smsCode(phone: string): Promise<string> {
    const response = await t.api.post('/api/auth/otp/send/', { phone, purpose: 'reset' })
    expect(response.body).toEqual({ expires_in: 120 })
    const codes = await t.smsCodes(phone)
    return codes.at(-1) ?? ''
  }

  it('sets the new password, signs out every session and answers the spec text', async () => {
    const phone = uniquePhone()
    await registerViaSms(phone, 'old password 1')
    const session = await t.api.post<AuthTokens>(LOGIN, { phone, password: 'old password 1' })
    t.clock.advance(1)

    const code = await smsCode(phone)
    const response = await t.api.post(RESET, { phone, code, new_password: 'new password 2' })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ detail: 'رمز عبور تغییر کرد. وارد شوید.' })

    expect((await t.api.post(LOGIN, { phone, password: 'old password 1' })).status).toBe(401)
    expect((await t.api.post(LOGIN, { phone, password: 'new password 2' })).status).toBe(200)
    const refresh = await t.api.post('/api/auth/token/refresh/', {
      refresh: session.body.refresh,
    })
    expect(refresh.status).toBe(401)
    const me = await t.api.get('/api/auth/me/', { token: session.body.access })
    expect(me.status).toBe(401)
    const live = await RefreshToken.query(t.deps.db).whereNull('revoked_at').resultSize()
    expect(live).toBe(1) // only the login made after the reset
  })

  it('refuses a wrong code with the spec text and keeps the old password', async () => {
    const phone = uniquePhone()
    await registerViaSms(phone, 'old password 1')
    const code = await smsCode(phone)
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0')
    const response = await t.api.post(RESET, { phone, code: wrong, new_password: 'new password 2' })
    expect([response.status, response.body]).toEqual([400, INVALID_CODE])
    expect((await t.api.post(LOGIN, { phone, password: 'old password 1' })).status).toBe(200)
  })

  it('answers an unknown phone like a wrong code (and it never got an SMS)', async () => {
    const phone = uniquePhone()
    const sent = await t.api.post('/api/auth/otp/send/', { phone, purpose: 'reset' })
    expect(sent.status).toBe(200)
    expect(await t.smsCodes(phone)).toEqual([])
    const response = await t.api.post(RESET, {
      phone,
      code: '1234',
      new_password: 'new password 2',
    })
    expect([response.status, response.body]).toEqual([400, INVALID_CODE])
  })

  it('checks the new password and the other fields', async () => {
    const response = await t.api.post(RESET, { phone: 'x', code: 'abcd', new_password: '1234567' })
    expectFieldErrors(response, {
      phone: [PHONE_INVALID_MESSAGE],
      code: [MESSAGES.codeFormat],
      new_password: [MESSAGES.passwordTooShort],
    })
  })

  async function registerViaSms(phone: string, password: string) {
    await t.api.post('/api/auth/otp/send/', { phone, purpose: 'register' })
    const [code] = await t.smsCodes(phone)
    const response = await t.api.post(`/api/auth/register/`, { phone, password, code })
    expect(response.status).toBe(201)
    t.clock.advance(121)
  }
})

describe('password reset in development mode', () => {
  const t = useTestApp()

  it('gives a dev_code for an unknown phone too, which still cannot reset anything', async () => {
    const phone = uniquePhone()
    const code = await requestCode(t.api, phone, 'reset')
    const response = await t.api.post(RESET, { phone, code, new_password: 'new password 2' })
    expect([response.status, response.body]).toEqual([400, INVALID_CODE])
  })

  it('works end to end with the dev_code', async () => {
    const phone = uniquePhone()
    await registerUser(t.api, phone, 'old password 1')
    t.clock.advance(121)
    const code = await requestCode(t.api, phone, 'reset')
    const response = await t.api.post(RESET, { phone, code, new_password: 'new password 2' })
    expect(response.status).toBe(200)
  })
})
