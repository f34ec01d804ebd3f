import { describe, expect, it } from 'vitest'
import { createOrder, payAtBank, startOrder, useOrdersApp, WEB } from '../../../test/orders.ts'
import { validOrder } from '../../../test/sample-orders.ts'

/**
 * Regression tests for the hostile inputs once found answering 500: each answers a 4xx with a
 * DRF-style body and a Persian message (or, for the bank's callback, the usual redirect).
 */

const PERSIAN = /[\u0600-\u06FF]/

type ErrorBody = Record<string, string[] | string>

function expectPersianFieldError(body: ErrorBody, field: string) {
  const messages = body[field]
  expect(Array.isArray(messages), JSON.stringify(body)).toBe(true)
  expect((messages as string[]).length).toBeGreaterThan(0)
  for (const message of messages as string[]) expect(message).toMatch(PERSIAN)
}

async function rawCallback(t: ReturnType<typeof useOrdersApp>, body: string) {
  const response = await fetch(`${t.api.url}/api/payments/callback/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  })
  return { status: response.status, location: response.headers.get('location') }
}

describe('hostile input never answers 500', () => {
  const t = useOrdersApp()

  it('quote: an amount whose rial total overflows answers 400 with a Persian message', async () => {
    const response = await t.api.get<ErrorBody>('/api/quote/?amount=8000000000&currency=USD')
    expect(response.status, response.text).toBe(400)
    expectPersianFieldError(response.body, 'amount')
  })

  it('quote: the largest amount the schema accepts is priced without overflow', async () => {
    const response = await t.api.get<{ amount_irr: number }>(
      '/api/quote/?amount=1000000&currency=USD&payment_type=ads',
    )
    expect(response.status, response.text).toBe(200)
    expect(Number.isSafeInteger(response.body.amount_irr)).toBe(true)
    const above = await t.api.get<ErrorBody>('/api/quote/?amount=1000000.01&currency=USD')
    expect(above.status, above.text).toBe(400)
  })

  it.each([
    ['description', 'شارژ\u0000کیف پول'],
    ['site_username', 'ali\u0000@example.com'],
  ] as const)(
    'create: a NUL byte in %s answers 400 with a Persian message',
    async (field, value) => {
      const customer = await t.customer()
      const response = await t.api.post<ErrorBody>(
        '/api/payments/create/',
        validOrder({ [field]: value }),
        { token: customer.token },
      )
      expect(response.status, response.text).toBe(400)
      expectPersianFieldError(response.body, field)
    },
  )

  it('create: other control characters are refused; a multi-line description is not', async () => {
    const customer = await t.customer()
    for (const [field, value] of [
      ['site_username', 'ali\u0007'],
      ['site_username', 'ali\nreza'],
      ['description', 'bell\u0007'],
      ['description', 'escape\u001b[31m'],
      ['description', 'lone \ud800 surrogate'],
    ] as const) {
      const response = await t.api.post<ErrorBody>(
        '/api/payments/create/',
        validOrder({ [field]: value }),
        { token: customer.token },
      )
      expect(response.status, `${field}=${JSON.stringify(value)}: ${response.text}`).toBe(400)
      expectPersianFieldError(response.body, field)
    }
    await createOrder(t, customer.token, { description: 'خط اول\r\nخط دوم\tبا تب' })
  })

  it('create: amount 999999999999 answers 400 with a Persian message', async () => {
    const customer = await t.customer()
    const response = await t.api.post<ErrorBody>(
      '/api/payments/create/',
      validOrder({ amount: 999999999999 }),
      { token: customer.token },
    )
    expect(response.status, response.text).toBe(400)
    expectPersianFieldError(response.body, 'amount')
  })

  it('callback: a NUL in a field of an unknown attempt redirects as failed', async () => {
    const response = await rawCallback(t, 'State=OK&Status=2&ResNum=abc%00def&RefNum=x%00y')
    expect(response.status).toBe(303)
    expect(response.location).toBe(`${WEB}/dashboard/orders?payment=failed`)
  })

  it('callback: a NUL in a field of a real attempt fails the attempt, no 500', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    const bank = await payAtBank(start, 'cancel')
    const fields = new URLSearchParams({ ...bank.fields, State: 'Canceled\u0000ByUser' })
    fields.append('Extra\u0000Key', 'value\u0000')
    const response = await rawCallback(t, fields.toString())
    expect(response.status).toBe(303)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt.status).toBe('failed')
    expect(JSON.stringify(attempt.raw)).not.toContain('\\u0000')
  })

  it('callback: a State longer than its column fails the attempt, no 500', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    const bank = await payAtBank(start, 'cancel')
    const fields = new URLSearchParams({ ...bank.fields, State: 'X'.repeat(5000) })
    const response = await rawCallback(t, fields.toString())
    expect(response.status).toBe(303)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt.status).toBe('failed')
    expect(attempt.failure.length).toBeLessThanOrEqual(64)
  })

  it('callback: every field longer than its column, on a paid attempt, never 500', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    const bank = await payAtBank(start)
    const long = 'Z'.repeat(3000)
    const fields = {
      ...bank.fields,
      RefNum: long,
      RRN: long,
      TraceNo: long,
      SecurePan: long,
      Token: `${bank.fields.Token ?? ''}${long}`,
    }
    const response = await rawCallback(t, new URLSearchParams(fields).toString())
    expect(response.status).toBe(303)
    expect(response.location).toMatch(/payment=failed$/)
  })

  it('callback: a JSON body with a lone surrogate and a NUL never 500', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    const bank = await payAtBank(start, 'cancel')
    const response = await fetch(`${t.api.url}/api/payments/callback/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"ResNum":${JSON.stringify(bank.fields.ResNum)},"Token":${JSON.stringify(
        bank.fields.Token,
      )},"State":"Fail\\ud800ed","Note":"a\\u0000b"}`,
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      `${WEB}/dashboard/orders/${order.id}?payment=failed`,
    )
  })
})
