import { describe, expect, it } from 'vitest'
import { createOrder, useOrdersApp } from '../test/orders.ts'
import { validOrder } from '../test/sample-orders.ts'
import { seedTicketCategories } from '../modules/tickets/categories.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')

/**
 * What the generated fuzz (generated.fuzz.test.ts, ADR 018) found answering 500, one named test
 * each: every one now answers a 4xx with a Django-REST-style body in Persian, and writes nothing.
 */

const PERSIAN = /[\u0600-\u06FF]/

type ErrorBody = Record<string, string[] | string>

function expectPersianFieldError(body: ErrorBody, field: string, context: string) {
  const messages = body[field]
  expect(Array.isArray(messages), `${context}: ${JSON.stringify(body)}`).toBe(true)
  for (const message of messages as string[]) expect(message).toMatch(PERSIAN)
}

describe('generated fuzz findings', () => {
  const t = useOrdersApp()

  it('login: a NUL in the username or phone answers 400, not 500 (found by the fuzz)', async () => {
    for (const body of [
      { username: '\u0000', password: 'correct horse 1' },
      { phone: '0912\u00001234567', password: 'correct horse 1' },
      { username: 'ali\u0007', phone: 'ن'.repeat(300), password: 'x' },
    ]) {
      const response = await t.api.post<ErrorBody>('/api/auth/login/', body)
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400)
      const field = 'username' in body ? 'username' : 'phone'
      expectPersianFieldError(response.body, field, 'login')
    }
  })

  it('an X-Forwarded-For that is no address (longer than its column) never answers 500; the socket peer is counted instead (found by the fuzz)', async () => {
    const customer = await t.customer()
    // As the fuzz sent it: one entry, longer than the column (before the fix: 500).
    const garbage = { 'X-Forwarded-For': 'x'.repeat(300) }
    const send = await t.api.post(
      '/api/auth/otp/send/',
      { phone: customer.user.phone, purpose: 'reset' },
      { headers: garbage },
    )
    expect(send.status, send.text).toBe(200)
    const reset = await t.api.post<ErrorBody>(
      '/api/auth/password/reset/',
      { phone: customer.user.phone, code: '0000', new_password: '        ' },
      { headers: garbage },
    )
    expect(reset.status, reset.text).toBe(400)
    expectPersianFieldError(reset.body, 'code', 'reset')
    const login = await t.api.post(
      '/api/auth/login/',
      { username: customer.user.phone, password: 'wrong password' },
      { headers: garbage },
    )
    expect(login.status, login.text).toBe(401)
    const other = await t.customer()
    const short = await t.api.post(
      '/api/auth/otp/send/',
      { phone: other.user.phone, purpose: 'reset' },
      { headers: { 'X-Forwarded-For': '198.51.100.1, not-an-ip\u00e9' } },
    )
    expect(short.status, short.text).toBe(200)
    const ips = [
      ...((await t.deps.db('otp_challenges').pluck('client_ip')) as string[]),
      ...((await t.deps.db('otp_failures').pluck('client_ip')) as string[]),
    ]
    expect(ips.length).toBeGreaterThan(1)
    for (const ip of ips) expect(ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/)
  })

  it('a JSON body nested thousands of levels deep answers 400 body_too_deep, not 500 (found by the fuzz)', async () => {
    const customer = await t.customer()
    for (const depth of [40, 5_000, 20_000]) {
      const body = JSON.stringify(validOrder()).replace(
        '"payment_type":"topup"',
        `"payment_type":${'['.repeat(depth)}${']'.repeat(depth)}`,
      )
      const variants: Array<Record<string, string>> = [{}, { 'Idempotency-Key': `deep-${depth}` }]
      for (const headers of variants) {
        const response = await t.api.request<ErrorBody>('POST', '/api/payments/create/', {
          rawBody: body,
          token: customer.token,
          headers,
        })
        expect(response.status, response.text).toBe(400)
        expect(response.body.code).toBe('body_too_deep')
        expect(response.body.detail).toMatch(PERSIAN)
      }
    }
    expect(await t.deps.db('payments').count({ n: '*' }).first()).toEqual({ n: 0 })
    // Our own bodies nest two levels (meta.flow): untouched.
    await createOrder(t, customer.token)
  })

  it('an upload cut off in the middle of its file answers 400 and leaves no unhandled rejection (found by the fuzz)', async () => {
    await seedTicketCategories(t.deps.db)
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const form = new FormData()
    form.set('file', new Blob([PDF, Buffer.alloc(4096, 0x41)]), 'رسید.pdf')
    const encoded = new Response(form)
    const whole = Buffer.from(await encoded.arrayBuffer())
    const unhandled: unknown[] = []
    const listener = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', listener)
    try {
      for (const cut of [0.3, 0.6, 0.9]) {
        const response = await fetch(`${t.api.url}/api/payments/${order.id}/documents/`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${customer.token}`,
            'Content-Type': encoded.headers.get('content-type') ?? '',
          },
          body: whole.subarray(0, Math.floor(whole.length * cut)),
        })
        const body = (await response.json()) as ErrorBody
        expect(response.status, JSON.stringify(body)).toBe(400)
        expect(body.code).toBe('parse_error')
        expect(body.detail).toMatch(PERSIAN)
      }
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      process.off('unhandledRejection', listener)
    }
    expect(unhandled).toEqual([])
    expect(await t.deps.db('payment_documents').count({ n: '*' }).first()).toEqual({ n: 0 })
  })

  it('staff: a NUL in the note of a support-role grant answers 400, the role unchanged (found by the fuzz)', async () => {
    const staff = await t.customer('admin')
    const customer = await t.customer()
    const response = await t.api.post<ErrorBody>(
      '/api/staff/roles/grant-support/',
      { phone: customer.user.phone, note: '\u0000 ' },
      { token: staff.token },
    )
    expect(response.status, response.text).toBe(400)
    expectPersianFieldError(response.body, 'note', 'grant-support')
    const row = await t.deps.db('users').where({ id: customer.id }).first('role')
    expect(row.role).toBe('customer')
  })

  it('staff: NUL and other control characters in every staff note or reference answer 400, never 500', async () => {
    const staff = await t.customer('admin')
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const cases: Array<{ url: string; body: Record<string, unknown>; field: string }> = [
      {
        url: '/api/staff/roles/revoke-support/',
        body: { phone: customer.user.phone, note: 'a\u0000b' },
        field: 'note',
      },
      { url: `/api/staff/users/${customer.id}/block/`, body: { note: 'x\u0000' }, field: 'note' },
      {
        url: `/api/staff/users/${customer.id}/unblock/`,
        body: { note: '\u0007bell' },
        field: 'note',
      },
      {
        url: `/api/payments/${order.id}/transition/`,
        body: { to: 'cancelled', note: 'یادداشت\u0000' },
        field: 'note',
      },
      {
        url: `/api/payments/${order.id}/transition/`,
        body: { to: 'cancelled', internal_note: '\u001b[31m' },
        field: 'internal_note',
      },
      {
        url: `/api/payments/${order.id}/transition/`,
        body: { to: 'cancelled', reference: 'ref\u0000' },
        field: 'reference',
      },
      { url: '/api/staff/refunds/1/settle/', body: { reference: 'r\u0000' }, field: 'reference' },
      {
        url: `/api/staff/money-to-return/${order.id}/refund/`,
        body: { note: 'پرداخت\u0000' },
        field: 'note',
      },
      {
        url: '/api/rates/',
        body: { currency: 'USD', buy_rate_irr: 1_150_000, note: '\u0000' },
        field: 'note',
      },
    ]
    for (const { url, body, field } of cases) {
      const response = await t.api.post<ErrorBody>(url, body, { token: staff.token })
      expect(response.status, `${url} ${JSON.stringify(body)}: ${response.text}`).toBe(400)
      expectPersianFieldError(response.body, field, url)
    }
    const patch = await t.api.request<ErrorBody>('PATCH', '/api/staff/payment-types/topup/', {
      body: { note: 'کارمزد\u0000' },
      token: staff.token,
    })
    expect(patch.status, patch.text).toBe(400)
    expectPersianFieldError(patch.body, 'note', 'payment type')
    // Nothing happened: the customer is neither blocked nor the order moved.
    const user = await t.deps.db('users').where({ id: customer.id }).first('blocked_at')
    expect(user.blocked_at).toBeNull()
    const row = await t.deps.db('payments').where({ id: order.id }).first('stage')
    expect(row.stage).toBe('awaiting_payment')
    // A multi-line note is still fine.
    const fine = await t.api.post(
      `/api/staff/users/${customer.id}/block/`,
      { note: 'خط اول\nخط دوم\tبا تب' },
      { token: staff.token },
    )
    expect(fine.status, fine.text).toBe(200)
  })
})
