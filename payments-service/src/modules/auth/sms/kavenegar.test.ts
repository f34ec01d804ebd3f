import { capturedLogger } from '../../../test/log-capture.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeKavenegar, type FakeKavenegar } from '../../../test/fake-kavenegar.ts'
import { createConsoleSmsProvider } from './console.ts'
import { createKavenegarSmsProvider, KavenegarError } from './kavenegar.ts'
import { otpSmsText } from './sms-provider.ts'

describe('Kavenegar verify lookup provider', () => {
  let fake: FakeKavenegar
  beforeAll(async () => {
    fake = await startFakeKavenegar()
  })
  beforeEach(() => fake.reset())
  afterAll(() => fake.close())

  const provider = () =>
    createKavenegarSmsProvider({ apiKey: 'KEY/123', template: 'arzpol-otp', baseUrl: fake.baseUrl })

  it('posts the documented form fields to /v1/{key}/verify/lookup.json', async () => {
    await provider().sendOtp({ phone: '09121234567', code: '0427' })
    expect(fake.received).toEqual([
      {
        method: 'POST',
        path: '/v1/KEY%2F123/verify/lookup.json',
        contentType: 'application/x-www-form-urlencoded',
        form: { receptor: '09121234567', template: 'arzpol-otp', token: '0427', type: 'sms' },
      },
    ])
  })

  it("sends the message's key as localid, so the vendor sends a repeat once", async () => {
    await provider().sendOtp({ phone: '09121234567', code: '0427', localId: '8120931' })
    expect(fake.received[0]?.form).toEqual({
      receptor: '09121234567',
      template: 'arzpol-otp',
      token: '0427',
      type: 'sms',
      localid: '8120931',
    })
  })

  it('keeps a base path of the configured URL', async () => {
    await createKavenegarSmsProvider({
      apiKey: 'k',
      template: 't',
      baseUrl: `${fake.baseUrl}/proxy`,
    }).sendOtp({ phone: '09121234567', code: '1111' })
    expect(fake.received[0]?.path).toBe('/proxy/v1/k/verify/lookup.json')
  })

  it('fails with the vendor status when return.status is not 200', async () => {
    fake.failNext(424, 424, 'الگوی مورد نظر یافت نشد')
    const error = await provider()
      .sendOtp({ phone: '09121234567', code: '1111' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(KavenegarError)
    expect(error).toMatchObject({ status: 424 })
    expect(String((error as Error).message)).toContain('الگوی مورد نظر یافت نشد')
  })

  it('fails when the vendor cannot be reached', async () => {
    const unreachable = createKavenegarSmsProvider({
      apiKey: 'k',
      template: 't',
      baseUrl: 'http://127.0.0.1:1',
    })
    await expect(unreachable.sendOtp({ phone: '09121234567', code: '1111' })).rejects.toThrow()
  })
})

describe('SMS text', () => {
  it('ends every code message with the WebOTP line', () => {
    const text = otpSmsText('0427', 'arzpol.ir')
    expect(text.split('\n').at(-1)).toBe('@arzpol.ir #0427')
    expect(text).toContain('کد تایید ارزپل: 0427')
  })

  it('the console provider logs the full text instead of sending it', async () => {
    const { lines, logger } = capturedLogger()
    await createConsoleSmsProvider(logger, 'localhost').sendOtp({
      phone: '09121234567',
      code: '9876',
    })
    expect(lines[0]).toMatchObject({ sms_to: '09121234567', text: otpSmsText('9876', 'localhost') })
  })
})
