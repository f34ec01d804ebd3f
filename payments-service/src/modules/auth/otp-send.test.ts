import { MESSAGES } from '@arzpol/contracts/auth/customer'
import { PHONE_INVALID_MESSAGE } from '@arzpol/contracts/phone'
import { describe, expect, it } from 'vitest'
import { OtpChallenge } from '../../models/otp-challenge.model.ts'
import { requestCode, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { expectFieldErrors } from '../../test/field-errors.ts'

const SEND = '/api/auth/otp/send/'

describe('POST /api/auth/otp/send/', () => {
  const t = useTestApp()

  it('sends a 4-digit code by SMS and answers expires_in (and dev_code in development)', async () => {
    const phone = uniquePhone()
    const response = await t.api.post(SEND, { phone, purpose: 'register' })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ expires_in: 120, dev_code: expect.stringMatching(/^\d{4}$/) })
    expect(await t.smsCodes(phone)).toEqual([response.body.dev_code])
  })

  it('accepts Persian and Arabic digits and a +98 prefix in the phone', async () => {
    const persian = await t.api.post(SEND, { phone: '۰۹۱۲۳۴۵۶۷۸۹', purpose: 'register' })
    expect(persian.status).toBe(200)
    const arabic = await t.api.post(SEND, { phone: '+98 ٩١٢ ٣٤٥ ٦٧٨٨', purpose: 'register' })
    expect(arabic.status).toBe(200)
    expect(await t.smsCodes('09123456789')).toHaveLength(1)
    expect(await t.smsCodes('09123456788')).toHaveLength(1)
  })

  it.each([{ phone: '0912', purpose: 'login' }, {}])(
    'refuses a bad or missing phone with the spec text, and a bad purpose: %j',
    async (body) => {
      expectFieldErrors(await t.api.post(SEND, body), {
        phone: [PHONE_INVALID_MESSAGE],
        purpose: [MESSAGES.purposeInvalid],
      })
    },
  )

  it('refuses a resend before the countdown ends, then allows it', async () => {
    const phone = uniquePhone()
    await requestCode(t.api, phone, 'register')
    t.clock.advance(45)
    const early = await t.api.post(SEND, { phone, purpose: 'register' })
    expect(early.status).toBe(429)
    expect(early.body).toEqual({
      detail: 'برای دریافت دوباره کد ۷۵ ثانیه صبر کنید.',
      code: 'otp_resend_too_early',
      retry_after: 75,
    })
    expect(early.headers.get('retry-after')).toBe('75')

    t.clock.advance(75)
    expect((await t.api.post(SEND, { phone, purpose: 'register' })).status).toBe(200)
  })

  it('allows at most 5 codes per phone per hour, across purposes', async () => {
    const phone = uniquePhone()
    await insertUser(t.deps, { phone })
    for (let i = 0; i < 5; i++) {
      await requestCode(t.api, phone, i % 2 === 0 ? 'register' : 'reset')
      t.clock.advance(121)
    }
    const sixth = await t.api.post(SEND, { phone, purpose: 'reset' })
    expect(sixth.status).toBe(429)
    expect(sixth.body).toMatchObject({ code: 'otp_rate_limited' })
    // The first code was sent 5 × 121 s ago; it stops counting an hour after it was sent.
    expect(sixth.body.retry_after).toBe(3600 - 5 * 121)
    expect(sixth.headers.get('retry-after')).toBe(String(3600 - 5 * 121))

    t.clock.advance(3600 - 5 * 121)
    expect((await t.api.post(SEND, { phone, purpose: 'reset' })).status).toBe(200)
  })

  it('allows at most 20 codes per client IP per hour (X-Forwarded-For from web)', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.7' }
    for (let i = 0; i < 20; i++) await requestCode(t.api, uniquePhone(), 'register', ip)
    const blocked = await t.api.post(
      SEND,
      { phone: uniquePhone(), purpose: 'register' },
      { headers: ip },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'otp_rate_limited' })

    // Only web's own last hop counts: a client cannot pick its address by prepending one.
    const spoofed = await t.api.post(
      SEND,
      { phone: uniquePhone(), purpose: 'register' },
      { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' } },
    )
    expect(spoofed.status).toBe(429)
    const other = await t.api.post(
      SEND,
      { phone: uniquePhone(), purpose: 'register' },
      { headers: { 'X-Forwarded-For': '203.0.113.8' } },
    )
    expect(other.status).toBe(200)
  })

  it('keeps the limits in PostgreSQL under concurrent requests', async () => {
    const phone = uniquePhone()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.api.post(SEND, { phone, purpose: 'register' })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429, 429])
    expect(await OtpChallenge.query(t.deps.db).where({ phone }).resultSize()).toBe(1)
  })

  describe('does not reveal whether a phone has an account', () => {
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]))

    /** Asks a code for each phone in turn; both are answered 200, with bodies of the same shape. */
    async function sendAlike(purpose: 'register' | 'reset', [first, second]: [string, string]) {
      const a = await t.api.post(SEND, { phone: first, purpose })
      const b = await t.api.post(SEND, { phone: second, purpose })
      expect([a.status, b.status]).toEqual([200, 200])
      expect(shape(b.body)).toEqual(shape(a.body))
      return a
    }

    it('answers a reset for an unknown phone like one for a known phone, but sends no SMS', async () => {
      const known = (await insertUser(t.deps)).phone
      const unknown = uniquePhone()
      const sent = await sendAlike('reset', [known, unknown])
      expect(await t.smsCodes(known)).toEqual([sent.body.dev_code])
      expect(await t.smsCodes(unknown)).toEqual([])

      // The countdown applies the same way to both.
      const again = await t.api.post(SEND, { phone: unknown, purpose: 'reset' })
      expect(again.status).toBe(429)
      expect(again.body.code).toBe('otp_resend_too_early')
    })

    it('answers a registration code for an existing phone like any other', async () => {
      await sendAlike('register', [(await insertUser(t.deps)).phone, uniquePhone()])
    })
  })

  describe('without development codes', () => {
    const prod = useTestApp({ env: { OTP_DEV_CODES: 'false' } })

    it('never includes dev_code; the code only reaches the phone', async () => {
      const phone = uniquePhone()
      const response = await prod.api.post(SEND, { phone, purpose: 'register' })
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ expires_in: 120 })
      expect(await prod.smsCodes(phone)).toEqual([expect.stringMatching(/^\d{4}$/)])
    })
  })
})
