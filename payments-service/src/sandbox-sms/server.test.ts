import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createKavenegarSmsProvider, KavenegarError } from '../modules/auth/sms/kavenegar.ts'
import { startSandboxSms, type SandboxSms } from './server.ts'

/**
 * The sandbox SMS vendor speaks Kavenegar's verify/lookup protocol, so the production adapter
 * (kavenegar.ts) is what these tests drive; the sandbox's own HTTP endpoints (messages, faults)
 * are what the end-to-end tests and `npm run dev` use from another process.
 */

let sandbox: SandboxSms
beforeAll(async () => {
  sandbox = await startSandboxSms({ port: 0 })
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const provider = (timeoutMs?: number) =>
  createKavenegarSmsProvider({
    apiKey: 'sandbox-key',
    template: 'arzpol-otp',
    orderStatusTemplate: 'arzpol-order-status',
    baseUrl: sandbox.url,
    ...(timeoutMs !== undefined && { timeoutMs }),
  })

const control = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${sandbox.url}${path}`, init)
  expect(response.ok, `${path}: ${response.status}`).toBe(true)
  return (response.status === 204 ? undefined : await response.json()) as T
}

describe('sandbox SMS vendor (Kavenegar verify/lookup)', () => {
  it('records what the production adapter sends, readable over HTTP', async () => {
    await provider().sendOtp({ phone: '09121234567', code: '0427', localId: '101' })
    await provider().sendOrderStatus?.({
      phone: '09351234567',
      orderId: 42,
      statusLabel: 'انجام شد',
      localId: '102',
    })
    const read = await control<{ messages: unknown[]; duplicates: number }>('/sandbox/messages')
    expect(read.duplicates).toBe(0)
    expect(read.messages).toEqual([
      expect.objectContaining({
        apiKey: 'sandbox-key',
        receptor: '09121234567',
        template: 'arzpol-otp',
        tokens: { token: '0427' },
        localid: '101',
      }),
      expect.objectContaining({
        receptor: '09351234567',
        template: 'arzpol-order-status',
        tokens: { token: '42', token2: 'انجام\u200cشد' },
        localid: '102',
      }),
    ])
    const one = await control<{ messages: unknown[] }>('/sandbox/messages?receptor=09351234567')
    expect(one.messages).toHaveLength(1)
  })

  it('sends a message once per localid: a repeat gets the first answer and is counted', async () => {
    for (let i = 0; i < 3; i++) {
      await provider().sendOtp({ phone: '09121234567', code: '1111', localId: '7' })
    }
    await provider().sendOtp({ phone: '09121234567', code: '1111', localId: '8' })
    expect(sandbox.messages().map((m) => m.localid)).toEqual(['7', '8'])
    expect(sandbox.stats).toMatchObject({ requests: 4, duplicates: 2 })
  })

  it('fails on demand with a server error, then works again', async () => {
    await control('/sandbox/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'down', status: 502 }, times: 2 }),
    })
    const send = () => provider().sendOtp({ phone: '09121234567', code: '2222', localId: '9' })
    for (let i = 0; i < 2; i++) {
      await expect(send()).rejects.toMatchObject({ name: 'KavenegarError', status: 502 })
    }
    await send()
    expect(sandbox.messages()).toHaveLength(1)
  })

  it('fails on demand with a Kavenegar error code in return.status', async () => {
    sandbox.failNext({ kind: 'vendor', status: 418, message: 'اعتبار حساب شما کافی نیست' })
    const error = await provider()
      .sendOtp({ phone: '09121234567', code: '3333' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(KavenegarError)
    expect(error).toMatchObject({ status: 418 })
    expect(sandbox.messages()).toEqual([])
  })

  it('can lose its answer after sending: the retry with the same localid is not sent again', async () => {
    sandbox.failNext({ kind: 'lost' })
    const send = () => provider().sendOtp({ phone: '09121234567', code: '4444', localId: '11' })
    await expect(send()).rejects.toBeInstanceOf(KavenegarError)
    await send()
    expect(sandbox.messages()).toHaveLength(1)
    expect(sandbox.stats.duplicates).toBe(1)
  })

  it('can hang until the caller gives up', async () => {
    sandbox.failNext({ kind: 'hang' })
    const started = Date.now()
    await expect(
      provider(200).sendOtp({ phone: '09121234567', code: '5555', localId: '12' }),
    ).rejects.toThrow()
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(sandbox.messages()).toEqual([])
  })

  it('refuses what Kavenegar refuses: a missing token, a bad receptor, a token with a space', async () => {
    const lookup = (form: Record<string, string>) =>
      fetch(`${sandbox.url}/v1/k/verify/lookup.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      })
    const statusOf = async (form: Record<string, string>) => {
      const response = await lookup(form)
      const body = (await response.json()) as { return: { status: number } }
      return [response.status, body.return.status]
    }
    expect(await statusOf({ receptor: '09121234567', template: 't' })).toEqual([400, 400])
    expect(await statusOf({ receptor: '12', template: 't', token: '1' })).toEqual([411, 411])
    expect(await statusOf({ receptor: '09121234567', template: 't', token: 'a b' })).toEqual([
      431, 431,
    ])
    expect(sandbox.messages()).toEqual([])
  })

  it('forgets everything on DELETE /sandbox/messages', async () => {
    await provider().sendOtp({ phone: '09121234567', code: '6666', localId: '13' })
    await control('/sandbox/messages', { method: 'DELETE' })
    expect(sandbox.messages()).toEqual([])
    await provider().sendOtp({ phone: '09121234567', code: '6666', localId: '13' })
    expect(sandbox.messages()).toHaveLength(1)
  })
})
