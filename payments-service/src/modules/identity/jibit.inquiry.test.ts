import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { InquiryError } from './inquiry.ts'
import { createJibitInquiry } from './jibit.inquiry.ts'

/**
 * The Jibit adapter against a fake Jibit: a real HTTP server that checks the request exactly as
 * docs/product/domain.md describes it and answers what each test sets.
 */

interface Seen {
  method: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  body: unknown
}

let server: http.Server
let url = ''
const seen: Seen[] = []
let tokensIssued = 0
let validToken = ''
let matchingAnswer: { status: number; body: unknown; delayMs?: number } = {
  status: 200,
  body: { matched: true },
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://jibit')
      const text = Buffer.concat(chunks).toString('utf8')
      seen.push({
        method: req.method ?? '',
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : null,
      })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'POST' && parsed.pathname === '/ide/v1/tokens/generate') {
        tokensIssued += 1
        validToken = `token-${tokensIssued}`
        return send(200, { accessToken: validToken, refreshToken: 'refresh' })
      }
      if (req.method === 'GET' && parsed.pathname === '/ide/v1/services/matching') {
        if (req.headers.authorization !== `Bearer ${validToken}`)
          return send(401, { code: 'forbidden' })
        const answer = matchingAnswer
        const reply = () => send(answer.status, answer.body)
        if (answer.delayMs) setTimeout(reply, answer.delayMs)
        else reply()
        return
      }
      send(404, {})
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await once(server, 'close')
})

beforeEach(() => {
  seen.length = 0
  matchingAnswer = { status: 200, body: { matched: true } }
})

const jibit = (timeoutMs = 1_000) =>
  createJibitInquiry({
    name: 'jibit',
    baseUrl: `${url}/`,
    apiKey: 'key-1',
    secretKey: 'secret-1',
    timeoutMs,
  })

const question = { mobile: '09121234567', nationalCode: '0024681350' }

describe('Jibit identity inquiry', () => {
  it('takes a token with its keys, then asks the matching endpoint with it', async () => {
    const inquiry = jibit()
    expect(await inquiry.mobileMatchesNationalCode(question)).toBe('matched')
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/ide/v1/tokens/generate',
        query: {},
        authorization: undefined,
        body: { apiKey: 'key-1', secretKey: 'secret-1' },
      },
      {
        method: 'GET',
        path: '/ide/v1/services/matching',
        query: { nationalCode: '0024681350', mobileNumber: '09121234567' },
        authorization: `Bearer ${validToken}`,
        body: null,
      },
    ])
    // The token is kept for the next question.
    matchingAnswer = { status: 200, body: { matched: false } }
    expect(await inquiry.mobileMatchesNationalCode(question)).toBe('mismatched')
    expect(seen.map((call) => call.path)).toEqual([
      '/ide/v1/tokens/generate',
      '/ide/v1/services/matching',
      '/ide/v1/services/matching',
    ])
  })

  it('fetches a new token once when the old one is refused', async () => {
    const inquiry = jibit()
    await inquiry.mobileMatchesNationalCode(question)
    const kept = validToken
    validToken = 'revoked-by-jibit'
    seen.length = 0
    expect(await inquiry.mobileMatchesNationalCode(question)).toBe('matched')
    expect(seen.map((call) => `${call.method} ${call.path} ${call.authorization ?? ''}`)).toEqual([
      `GET /ide/v1/services/matching Bearer ${kept}`,
      'POST /ide/v1/tokens/generate ',
      `GET /ide/v1/services/matching Bearer ${validToken}`,
    ])
  })

  it('asks about a card with its owner national code and birth date', async () => {
    await jibit().cardMatchesNationalCode({
      cardNumber: '6037991234567890',
      nationalCode: '0024681350',
      birthDate: '1370/06/15',
    })
    expect(seen.at(-1)?.query).toEqual({
      cardNumber: '6037991234567890',
      nationalCode: '0024681350',
      birthDate: '13700615',
    })
  })

  it('gives up after the timeout with a timeout error, never a match', async () => {
    matchingAnswer = { status: 200, body: { matched: true }, delayMs: 1_000 }
    const error = await jibit(150)
      .mobileMatchesNationalCode(question)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InquiryError)
    expect((error as InquiryError).kind).toBe('timeout')
  })

  it('treats a server error or an answer without `matched` as unavailable', async () => {
    for (const answer of [
      { status: 500, body: { code: 'error' } },
      { status: 200, body: { result: 'yes' } },
      { status: 200, body: { matched: 'true' } },
    ]) {
      matchingAnswer = answer
      const error = await jibit()
        .mobileMatchesNationalCode(question)
        .catch((caught: unknown) => caught)
      expect([answer, (error as InquiryError).kind]).toEqual([answer, 'unavailable'])
    }
  })

  it('says so instead of guessing where we have no facts (Sheba owner)', async () => {
    const error = await jibit()
      .shebaMatchesNationalCode({
        sheba: 'IR820540102680020817909002',
        nationalCode: '0024681350',
        birthDate: '1370/06/15',
      })
      .catch((caught: unknown) => caught)
    expect((error as InquiryError).kind).toBe('unsupported')
    expect(seen).toEqual([])
  })

  it('reports a provider that cannot be reached as unavailable', async () => {
    const error = await createJibitInquiry({
      name: 'jibit',
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      secretKey: 's',
      timeoutMs: 1_000,
    })
      .mobileMatchesNationalCode(question)
      .catch((caught: unknown) => caught)
    expect((error as InquiryError).kind).toBe('unavailable')
  })
})
