import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../sandbox-bank/cards.ts'
import { startSandboxBank, type SandboxBank } from '../../sandbox-bank/server.ts'
import { payAtBank } from '../../test/orders.ts'
import fixtures from './fixtures/sep.json' with { type: 'json' }
import { GatewayError } from './gateway.ts'
import { createSepGateway, sepCellNumber } from './sep.gateway.ts'

/** A fetch that checks each request against the recorded one and answers the recording. */
function recordedFetch(
  script: Array<{ url: string; body: unknown; answer: unknown | Error; status?: number }>,
) {
  const calls: Array<{ url: string; body: unknown; headers: Headers }> = []
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const body = JSON.parse(String(init?.body)) as unknown
    calls.push({ url, body, headers: new Headers(init?.headers) })
    const step = script.shift()
    if (!step) throw new Error(`unexpected call to ${url}`)
    expect(url).toBe(step.url)
    expect(body).toEqual(step.body)
    if (step.answer instanceof Error) throw step.answer
    return new Response(JSON.stringify(step.answer), {
      status: step.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  }) as typeof fetch
  return { fake, calls }
}

/** One recorded exchange as `recordedFetch` expects it, its body or answer changed if told. */
const recorded = (
  exchange: { request: { url: string; body: object }; response: unknown },
  change: { body?: object; answer?: unknown } = {},
) => ({
  url: exchange.request.url,
  body: { ...exchange.request.body, ...change.body },
  answer: change.answer ?? exchange.response,
})

const sep = (fake: typeof fetch) =>
  createSepGateway({
    name: 'sep',
    baseUrl: 'https://sep.shaparak.ir',
    terminalId: '12345678',
    timeoutMs: 1000,
    fetch: fake,
    retryDelayMs: 0,
  })

describe('SEP adapter against recorded fixtures', () => {
  it('requests a token with the documented body (CellNumber as 9xxxxxxxxx)', async () => {
    const { fake, calls } = recordedFetch([recorded(fixtures.token)])
    const result = await sep(fake).requestToken({
      resNum: '42-9f3c2a1b7d6e5f40',
      amountIrr: 59_225_000,
      redirectUrl: 'https://arzpol.ir/api/payments/callback/',
      cellNumber: '09121234567',
    })
    expect(result).toMatchObject({
      token: fixtures.token.response.token,
      gatewayUrl: 'https://sep.shaparak.ir/OnlinePG/OnlinePG',
    })
    expect(calls[0]?.headers.get('content-type')).toBe('application/json')
  })

  it('carries the card restriction as HashedCardNumber when one is given', async () => {
    const hashed = 'a'.repeat(64)
    const { fake } = recordedFetch([
      recorded(fixtures.token, { body: { HashedCardNumber: hashed } }),
    ])
    await sep(fake).requestToken({
      resNum: '42-9f3c2a1b7d6e5f40',
      amountIrr: 59_225_000,
      redirectUrl: 'https://arzpol.ir/api/payments/callback/',
      cellNumber: '09121234567',
      hashedCardNumber: hashed,
    })
  })

  it('turns a token error into a refused GatewayError', async () => {
    const { fake } = recordedFetch([
      recorded(fixtures.token, { body: { CellNumber: undefined }, answer: fixtures.token.error }),
    ])
    const call = sep(fake).requestToken({
      resNum: '42-9f3c2a1b7d6e5f40',
      amountIrr: 59_225_000,
      redirectUrl: 'https://arzpol.ir/api/payments/callback/',
    })
    await expect(call).rejects.toMatchObject({ kind: 'refused' })
  })

  it('parses the callback fields', () => {
    const data = sep(fetch).parseCallback(fixtures.callback)
    expect(data).toMatchObject({
      ok: true,
      state: 'OK',
      resNum: '42-9f3c2a1b7d6e5f40',
      refNum: fixtures.callback.RefNum,
      token: fixtures.callback.Token,
      maskedPan: '621986******0009',
    })
    expect(
      sep(fetch).parseCallback({ ...fixtures.callback, State: 'CanceledByUser', Status: '1' }).ok,
    ).toBe(false)
    // State and Status must agree.
    expect(sep(fetch).parseCallback({ ...fixtures.callback, Status: '3' }).ok).toBe(false)
  })

  it('scrubs and bounds every callback field before it can reach a column', () => {
    const data = sep(fetch).parseCallback({
      ...fixtures.callback,
      State: `O\u0000K${'X'.repeat(500)}`,
      RefNum: 'R'.repeat(129),
      ResNum: `42-\u0000${'a'.repeat(60)}`,
      Token: 'ab\u0007cd',
      SecurePan: '6'.repeat(33),
      ['Extra\u0000' + 'k'.repeat(100)]: `v\ud800${'z'.repeat(1000)}`,
    })
    expect(data.state).toHaveLength(50)
    expect(data.state.startsWith('OKX')).toBe(true)
    expect(data.ok).toBe(false)
    // Longer than its column: cannot be the bank's, read as absent rather than cut.
    expect([data.refNum, data.resNum, data.maskedPan]).toEqual([null, null, null])
    expect(data.token).toBe('abcd')
    const raw = JSON.stringify(data.raw)
    expect(raw).not.toMatch(/\\u00[01]|\\ud8/)
    for (const [name, value] of Object.entries(data.raw)) {
      expect(name.length).toBeLessThanOrEqual(64)
      expect(value.length).toBeLessThanOrEqual(512)
    }
  })

  it('verifies with TerminalNumber (a number) and reads OrginalAmount', async () => {
    const { fake } = recordedFetch([recorded(fixtures.verify)])
    const result = await sep(fake).verify({ refNum: fixtures.verify.request.body.RefNum })
    expect(result).toMatchObject({
      ok: true,
      resultCode: 0,
      amountIrr: 59_225_000,
      refNum: fixtures.callback.RefNum,
      rrn: '14226761817',
      hashedPan: fixtures.verify.response.TransactionDetail.HashedPan,
    })
  })

  it('treats "duplicate request" (2) as verified and -2 / -6 as not', async () => {
    const body = fixtures.verify.request.body
    const url = fixtures.verify.request.url
    const { fake } = recordedFetch([
      { url, body, answer: fixtures.verify.duplicate },
      { url, body, answer: fixtures.verify.notFound },
      { url, body, answer: fixtures.verify.tooLate },
    ])
    const gateway = sep(fake)
    expect((await gateway.verify({ refNum: body.RefNum })).ok).toBe(true)
    expect(await gateway.verify({ refNum: body.RefNum })).toMatchObject({
      ok: false,
      resultCode: -2,
      amountIrr: null,
    })
    expect(await gateway.verify({ refNum: body.RefNum })).toMatchObject({
      ok: false,
      resultCode: -6,
    })
  })

  it('retries verify on network errors only, then gives up as unavailable', async () => {
    const body = fixtures.verify.request.body
    const url = fixtures.verify.request.url
    const retried = recordedFetch([
      { url, body, answer: new TypeError('fetch failed') },
      { url, body, answer: fixtures.verify.response },
    ])
    expect((await sep(retried.fake).verify({ refNum: body.RefNum })).ok).toBe(true)
    expect(retried.calls).toHaveLength(2)

    const down = recordedFetch([
      { url, body, answer: new TypeError('fetch failed') },
      { url, body, answer: {}, status: 502 },
      { url, body, answer: new TypeError('fetch failed') },
    ])
    const error = await sep(down.fake)
      .verify({ refNum: body.RefNum })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ kind: 'unavailable' })
    expect(down.calls).toHaveLength(3)

    const answered = recordedFetch([{ url, body, answer: fixtures.verify.notFound }])
    await sep(answered.fake).verify({ refNum: body.RefNum })
    expect(answered.calls).toHaveLength(1)
  })

  it('reverses with the same body shape', async () => {
    const { fake } = recordedFetch([recorded(fixtures.reverse)])
    expect(await sep(fake).reverse({ refNum: fixtures.reverse.request.body.RefNum })).toMatchObject(
      { ok: true, resultCode: 0 },
    )
  })

  it('formats cell numbers as SEP examples do', () => {
    expect(sepCellNumber('09121234567')).toBe('9121234567')
    expect(sepCellNumber('+989121234567')).toBe('9121234567')
    expect(sepCellNumber('12345')).toBeUndefined()
    expect(sepCellNumber(null)).toBeUndefined()
  })
})

describe('SEP adapter against the sandbox bank', () => {
  let bank: SandboxBank
  beforeAll(async () => {
    bank = await startSandboxBank({ port: 0, terminalIds: ['2015'] })
  })
  afterAll(async () => {
    await bank.close()
  })
  const gateway = () =>
    createSepGateway({
      name: 'sandbox',
      baseUrl: bank.url,
      terminalId: '2015',
      timeoutMs: 2000,
      retryDelayMs: 0,
    })

  it('token → page → pay → verify (0) → verify again (2) → reverse → verify (5)', async () => {
    const token = await gateway().requestToken({
      resNum: 'r-1',
      amountIrr: 120_000,
      redirectUrl: 'http://merchant.test/cb',
    })
    const back = await payAtBank({ gateway_url: token.gatewayUrl, token: token.token })
    expect(back.action).toBe('http://merchant.test/cb')
    const callback = gateway().parseCallback(back.fields)
    expect(callback).toMatchObject({ ok: true, resNum: 'r-1', token: token.token })
    const refNum = callback.refNum ?? ''
    expect(await gateway().verify({ refNum })).toMatchObject({
      ok: true,
      resultCode: 0,
      amountIrr: 120_000,
    })
    expect(await gateway().verify({ refNum })).toMatchObject({ ok: true, resultCode: 2 })
    expect(await gateway().reverse({ refNum })).toMatchObject({ ok: true, resultCode: 0 })
    expect(await gateway().verify({ refNum })).toMatchObject({ ok: false, resultCode: 5 })
  })

  it('refuses a duplicate ResNum, an unknown terminal and a tiny amount', async () => {
    await gateway().requestToken({
      resNum: 'dup',
      amountIrr: 10_000,
      redirectUrl: 'http://merchant.test/cb',
    })
    await expect(
      gateway().requestToken({
        resNum: 'dup',
        amountIrr: 10_000,
        redirectUrl: 'http://merchant.test/cb',
      }),
    ).rejects.toMatchObject({ kind: 'refused' })
    const other = createSepGateway({
      name: 'sandbox',
      baseUrl: bank.url,
      terminalId: '999',
      timeoutMs: 2000,
    })
    await expect(
      other.requestToken({
        resNum: 'x1',
        amountIrr: 10_000,
        redirectUrl: 'http://merchant.test/cb',
      }),
    ).rejects.toMatchObject({ kind: 'refused' })
    await expect(
      gateway().requestToken({
        resNum: 'x2',
        amountIrr: 999,
        redirectUrl: 'http://merchant.test/cb',
      }),
    ).rejects.toMatchObject({ kind: 'refused' })
  })

  it('auto-reverses a payment not verified within 30 minutes (-6)', async () => {
    const token = await gateway().requestToken({
      resNum: 'late',
      amountIrr: 50_000,
      redirectUrl: 'http://merchant.test/cb',
    })
    const back = await payAtBank({ gateway_url: token.gatewayUrl, token: token.token })
    bank.advance(31 * 60_000)
    expect(await gateway().verify({ refNum: back.fields.RefNum ?? '' })).toMatchObject({
      ok: false,
      resultCode: -6,
    })
  })

  it('does not accept a token twice and rejects unknown cards on the page', async () => {
    const token = await gateway().requestToken({
      resNum: 'once',
      amountIrr: 50_000,
      redirectUrl: 'http://merchant.test/cb',
    })
    const unknownCard = await fetch(`${bank.url}/OnlinePG/pay`, {
      method: 'POST',
      body: new URLSearchParams({ Token: token.token, action: 'pay', pan: '6037991234567890' }),
    })
    expect(unknownCard.status).toBe(400)
    expect(await unknownCard.text()).toContain('کارت‌های آزمایشی')
    await payAtBank(
      { gateway_url: token.gatewayUrl, token: token.token },
      'pay',
      TEST_CARDS.success,
    )
    const reopen = await fetch(token.gatewayUrl, {
      method: 'POST',
      body: new URLSearchParams({ Token: token.token }),
    })
    expect(reopen.status).toBe(409)
  })

  it('escapes what it echoes into its pages', async () => {
    const token = await gateway().requestToken({
      resNum: '<script>x</script>',
      amountIrr: 50_000,
      redirectUrl: 'http://merchant.test/cb?a="><script>',
    })
    const page = await fetch(token.gatewayUrl, {
      method: 'POST',
      body: new URLSearchParams({ Token: token.token }),
    })
    const html = await page.text()
    expect(html).not.toContain('<script>x</script>')
  })
})

describe('SEP receipt (reconciliation inquiry)', () => {
  const RECEIPT_URL = 'https://sep.shaparak.ir/verifyTxnRandomSessionkey/api/v2/ipg/payment/receipt'
  const body = { Token: 'tok-1', TerminalNumber: 12345678 }

  it('reads a paid receipt into the callback fields settle expects', async () => {
    const { fake } = recordedFetch([
      {
        url: RECEIPT_URL,
        body,
        answer: {
          HasError: false,
          ErrorCode: null,
          ErrorMessage: null,
          Data: {
            State: 'OK',
            Status: 2,
            RefNum: 'GmshtyjwKSuREF',
            ResNum: '7-abc',
            Rrn: '123456789012',
            TraceNo: '654321',
            Amount: 59225000,
            AffectiveAmount: 59225000,
            SecurePan: '621986******0009',
          },
        },
      },
    ])
    const answer = await sep(fake).inquire({ token: 'tok-1' })
    expect(answer.kind).toBe('paid')
    if (answer.kind !== 'paid') return
    expect(answer.callback).toMatchObject({
      ok: true,
      state: 'OK',
      refNum: 'GmshtyjwKSuREF',
      resNum: '7-abc',
      token: 'tok-1',
      rrn: '123456789012',
      traceNo: '654321',
      maskedPan: '621986******0009',
    })
  })

  it('a cancelled attempt is final, a live one pending, an unknown token unpaid', async () => {
    const { fake } = recordedFetch([
      {
        url: RECEIPT_URL,
        body,
        answer: { HasError: false, Data: { State: 'CanceledByUser', Status: 1 } },
      },
      { url: RECEIPT_URL, body, answer: { HasError: false, Data: { State: '', Status: 0 } } },
      {
        url: RECEIPT_URL,
        body,
        answer: { HasError: true, ErrorCode: -2, ErrorMessage: 'تراکنش یافت نشد', Data: null },
      },
    ])
    const gateway = sep(fake)
    expect(await gateway.inquire({ token: 'tok-1' })).toMatchObject({
      kind: 'unpaid',
      state: 'CanceledByUser',
    })
    expect(await gateway.inquire({ token: 'tok-1' })).toMatchObject({ kind: 'pending' })
    expect(await gateway.inquire({ token: 'tok-1' })).toMatchObject({
      kind: 'unpaid',
      state: 'TokenNotFound',
    })
  })

  it('a malformed answer or another error is "cannot tell", never a verdict', async () => {
    const { fake } = recordedFetch([
      { url: RECEIPT_URL, body, answer: { something: 'else' } },
      { url: RECEIPT_URL, body, answer: { HasError: true, ErrorCode: -106, Data: null } },
    ])
    const gateway = sep(fake)
    await expect(gateway.inquire({ token: 'tok-1' })).rejects.toBeInstanceOf(GatewayError)
    await expect(gateway.inquire({ token: 'tok-1' })).rejects.toBeInstanceOf(GatewayError)
  })
})
