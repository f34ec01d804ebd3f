import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CreateOrderBody } from '@arzpol/contracts/orders/customer'
import { createOrder, startOrder, useOrdersApp } from '../../../test/orders.ts'
import { validOrder } from '../../../test/sample-orders.ts'

/**
 * Generated hostile input (ADR 018) into the fields of quote, create and the bank callback:
 * whatever comes in, no 5xx, and every refusal carries a Persian message. fast-check prints
 * the seed and the shrunk counterexample on failure (`fc.assert(…, { seed })` replays it).
 */

const PERSIAN = /[\u0600-\u06FF]/

const HOSTILE_CONSTANTS = [
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31m',
  '\u007f',
  '\r\n\t',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\u202eevil\u202c',
  '\u2066\u2067\u2069',
  '\u200b\u200c\u200d\ufeff',
  '۱۲۳٫۴۵',
  '٤٥٦',
  '-0',
  '1e21',
  '0x10',
  'NaN',
  'Infinity',
  '123456789012345',
  '999999999999',
  '8000000000.99',
  '9'.repeat(300),
  'x'.repeat(5000),
  '',
  ' ',
]

const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)

/** Numbers as text: from 0 to 16 digits (beyond what pricing can take), maybe in Persian digits. */
const anyLength = fc
  .integer({ min: 1, max: 16 })
  .chain((digits) => fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }))
const numericString = fc
  .tuple(fc.oneof(anyLength, fc.bigInt({ min: -1000n, max: 0n })), fc.boolean(), fc.boolean())
  .map(([value, decimals, persian]) => {
    const text = decimals ? `${value}.${String(value % 100n).replace('-', '')}` : String(value)
    return persian ? persianDigits(text) : text
  })

/** A string of the right shape with hostile contents. */
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_CONSTANTS),
  numericString,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(...HOSTILE_CONSTANTS),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join('')),
)

/** Any JSON value a hostile client may put in a field: hostile strings, odd numbers, wrong types. */
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(-0, 1e21, 999999999999, 123456789012345, 1e308, -1, 0.001, 2 ** 53 + 1),
  fc.constantFrom(null, true, [], {}, ['a'], { nested: { deeper: ['\u0000'] } }),
)

type Body = Record<string, unknown>

/** Every message of a DRF-style error body: `detail` or the field lists. */
/** One of `names` set to a `values` value: a single hostile field among valid ones. */
const oneField = <V>(names: readonly string[], values: fc.Arbitrary<V>) =>
  fc.constantFrom(...names).chain((name) => values.map((value) => ({ [name]: value })))

function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return []
  const messages: string[] = []
  for (const value of Object.values(body as Body)) {
    if (typeof value === 'string') messages.push(value)
    if (Array.isArray(value))
      messages.push(...value.filter((m): m is string => typeof m === 'string'))
  }
  return messages
}

function expectNo5xxAndPersian(status: number, body: unknown, context: string) {
  expect(status, context).toBeLessThan(500)
  if (status >= 400) {
    const messages = messagesOf(body)
    expect(messages.length, `${context}: ${JSON.stringify(body)}`).toBeGreaterThan(0)
    expect(
      messages.some((message) => PERSIAN.test(message)),
      `${context}: ${JSON.stringify(body)}`,
    ).toBe(true)
  }
}

const RUNS = { numRuns: 60 }

describe('generated hostile input', () => {
  const t = useOrdersApp()

  it('GET /api/quote/: no 5xx, Persian refusals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Amounts of every length (pricing must refuse, not overflow)...
          { weight: 3, arbitrary: numericString.map((amount) => ({ amount })) },
          // ... and one hostile parameter in an otherwise valid quote.
          { weight: 3, arbitrary: oneField(['amount', 'currency', 'payment_type'], hostileString) },
          fc.record(
            { amount: hostileString, currency: hostileString, payment_type: hostileString },
            { requiredKeys: [] },
          ),
        ),
        async (hostile) => {
          const query = { amount: '50', currency: 'USD', ...hostile }
          const search = new URLSearchParams(query as Record<string, string>).toString()
          const response = await t.api.get(`/api/quote/?${search}`)
          expectNo5xxAndPersian(response.status, response.body, `quote ?${search}`)
        },
      ),
      RUNS,
    )
  })

  it('POST /api/payments/create/: no 5xx, Persian refusals, no hostile control characters stored', async () => {
    const customer = await t.customer()
    const fields = Object.keys(CreateOrderBody.shape)
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 2, arbitrary: numericString.map((amount) => ({ amount })) },
          // Mostly one hostile field in an otherwise valid order, so it reaches the handler.
          { weight: 3, arbitrary: oneField(fields, hostileValue) },
          fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: 3 }),
        ),
        async (overrides) => {
          const body = validOrder(overrides)
          const response = await t.api.post('/api/payments/create/', body, {
            token: customer.token,
          })
          expectNo5xxAndPersian(response.status, response.body, `create ${JSON.stringify(body)}`)
          expect(response.text).not.toContain('S3cret-pa55')
        },
      ),
      RUNS,
    )
    const stored = await t.deps.db('payments').select('site_username', 'description')
    for (const row of stored) {
      expect(JSON.stringify(row)).not.toMatch(/\\u0000|\\u0007|\\u001b/)
    }
  })

  it('POST /api/payments/callback/ with the ResNum and Token of real open attempts: no 5xx', async () => {
    const customer = await t.customer()
    const attempts: Array<{ ResNum: string; Token: string }> = []
    for (let i = 0; i < 3; i++) {
      const order = await createOrder(t, customer.token)
      const start = await startOrder(t, customer.token, order.id)
      const row = await t.deps
        .db('gateway_transactions')
        .where({ payment_id: order.id })
        .first('res_num', 'token')
      attempts.push({ ResNum: row.res_num as string, Token: start.token ?? '' })
    }
    const names = ['State', 'Status', 'RefNum', 'ResNum', 'Token', 'RRN', 'TraceNo', 'SecurePan']
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...attempts),
        fc.dictionary(fc.oneof(fc.constantFrom(...names), hostileString), hostileString, {
          maxKeys: 4,
        }),
        fc.boolean(),
        async (attempt, hostile, asJson) => {
          const fields = { ...attempt, State: 'OK', Status: '2', ...hostile }
          const response = await fetch(`${t.api.url}/api/payments/callback/`, {
            method: 'POST',
            headers: {
              'Content-Type': asJson ? 'application/json' : 'application/x-www-form-urlencoded',
            },
            body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
            redirect: 'manual',
          })
          const text = await response.text()
          expect(response.status, `callback ${JSON.stringify(fields)}: ${text}`).toBeLessThan(500)
        },
      ),
      { numRuns: 40 },
    )
  })
})
