import { describe, expect, it, vi } from 'vitest'
import { PAYMENT_TYPE_CODES } from '@arzpol/contracts'
import { getLogger } from '~/utils/logger.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { type CookieJar, expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { loader as dashboardLoader } from '../dashboard._index/route.tsx'
import { loader as orderLoader } from '../dashboard.orders.$orderId/route.tsx'
import { loader as ordersLoader } from '../dashboard.orders._index/route.tsx'
import { loader as receiptLoader } from '../dashboard_.orders.$orderId.receipt/route.tsx'
import { quoteTokenFor } from '~/features/orders/new-request-quote.tsx'
import { fakeOrder, startFakeOrders } from './fake-orders.test-support.ts'
import type { NewRequestActionData } from '~/features/orders/new-request.server.ts'
import { action, loader } from './route.tsx'

/**
 * The order routes' loaders and actions as plain functions against a local fake of
 * payments-service: what reaches payments-service, and what the customer gets back.
 */

let jar: CookieJar
const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  jar = signedInJar({ sub: '1' })
})

const VALID = {
  intent: 'submit',
  payment_type: 'topup',
  site_url: 'wallet.example.com',
  site_username: 'me',
  site_password: 'secret',
  amount: '۵۰٫۵',
  currency: 'USD',
  description: 'کیف پول',
  flow: 'topup',
  service: '',
  sheba: '',
}

/** Cash-out: no site to log in to. */
const PAYOUT = { ...VALID, payment_type: 'payout', site_username: '', site_password: '' }

const post = (fields: Record<string, string>) =>
  submit(action, '/dashboard/new-request', fields, jar)

/** Submits the form and expects it back with errors and this status; what came back. */
async function refused(fields: Record<string, string>, status: number) {
  const result = expectData<NewRequestActionData>(await post(fields))
  expect(result.init?.status).toBe(status)
  if (result.data.kind !== 'errors') throw new Error('expected errors')
  return result.data
}

const upstream = (method: string, path: string) =>
  fake.calls.filter((call) => call.method === method && call.path === path)

describe('/dashboard/new-request action', () => {
  it('creates the order with Latin digits, starts it, and hands over the gateway form', async () => {
    const result = expectData<NewRequestActionData>(await post(VALID))
    expect(result.data).toEqual({
      kind: 'gateway',
      orderId: 7,
      gatewayUrl: 'http://bank.test/OnlinePG/OnlinePG',
      token: 'tok-1',
      // The order's price, for the hand-off page (where a customer without JavaScript sees it).
      price: { amountIrr: 59_225_000, rateIrr: 1_150_000, feeIrr: 1_725_000 },
    })
    const [create] = upstream('POST', '/api/payments/create/')
    expect(create?.authorization).toMatch(/^Bearer ey/)
    expect(create?.json).toEqual({
      payment_type: 'topup',
      site_url: 'https://wallet.example.com/',
      site_username: 'me',
      site_password: 'secret',
      amount: '50.50',
      currency: 'USD',
      description: 'کیف پول',
      meta: { flow: 'topup' },
    })
    expect(upstream('POST', '/api/payments/7/start/')[0]?.json).toEqual({
      card_number: null,
      flow: 'topup',
    })
  })

  it('starts the payment with the card picked on the form, and only with a card id', async () => {
    await post({ ...VALID, card_id: '12' })
    expect(upstream('POST', '/api/payments/7/start/')[0]?.json).toEqual({
      card_number: null,
      flow: 'topup',
      card_id: 12,
    })
    fake.reset()
    await post({ ...VALID, card_id: '12 OR 1=1' })
    expect(upstream('POST', '/api/payments/7/start/')[0]?.json).toEqual({
      card_number: null,
      flow: 'topup',
    })
  })

  it("forwards the form's idempotency key to create and start, and only a well-formed one", async () => {
    await post({ ...VALID, idempotency_key: 'form-abc-1' })
    expect(upstream('POST', '/api/payments/create/')[0]?.idempotencyKey).toBe('form-abc-1')
    expect(upstream('POST', '/api/payments/7/start/')[0]?.idempotencyKey).toBe('form-abc-1')
    fake.reset()
    await post({ ...VALID, idempotency_key: 'not a key ✗' })
    expect(upstream('POST', '/api/payments/create/')[0]?.idempotencyKey).toBeUndefined()
  })

  it('a key reused for a changed form comes back fresh, with the Persian refusal', async () => {
    fake.answer('POST /api/payments/create/', 422, {
      detail: 'این کلید یکتایی (Idempotency-Key) قبلاً برای درخواست دیگری به کار رفته است.',
      code: 'idempotency_key_reused',
    })
    const refusal = await refused({ ...VALID, idempotency_key: 'used-key' }, 422)
    expect(refusal.values.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
    expect(refusal.errors.form.join(' ')).toMatch(/کلید یکتایی/)
  })

  it('sends the quote token the form carries with create, and none when it has none', async () => {
    await post({ ...VALID, quote_token: 'v1.MTIzfFVTRA.c2lnbmF0dXJl' })
    expect(upstream('POST', '/api/payments/create/')[0]?.json).toMatchObject({
      quote_token: 'v1.MTIzfFVTRA.c2lnbmF0dXJl',
    })
    fake.reset()
    await post({ ...VALID, quote_token: '<script>' })
    expect(upstream('POST', '/api/payments/create/')[0]?.json).not.toHaveProperty('quote_token')
  })

  it('a quote that no longer holds comes back with the new amount in Persian and the new token', async () => {
    fake.answer('POST /api/payments/create/', 409, {
      detail: 'قیمتی که دیدید دیگر معتبر نیست.',
      code: 'quote_changed',
      reason: 'expired',
      quote: {
        amount: '50.50',
        currency: 'USD',
        payment_type: 'topup',
        rate_irr: 1_200_000,
        subtotal_irr: 60_600_000,
        fee_irr: 1_818_000,
        amount_irr: 62_418_000,
        expires_at: '2026-11-24T10:45:00.000Z',
        quote_token: 'v1.bmV3.dG9rZW4',
      },
    })
    const refusal = await refused({ ...VALID, quote_token: 'v1.b2xk.dG9rZW4' }, 409)
    expect(refusal.errors.form).toEqual([
      'قیمتی که دیدید دیگر معتبر نیست (مهلت آن تمام شده یا نرخ تغییر کرده است). مبلغ جدید ۶٬۲۴۱٬۸۰۰ تومان است؛ آن را بررسی کنید و دوباره «ثبت و پرداخت» را بزنید.',
    ])
    expect(refusal.values.quote_token).toBe('v1.bmV3.dG9rZW4')
    expect(refusal.newQuote).toMatchObject({
      amount: '50.50',
      currency: 'USD',
      payment_type: 'topup',
      amount_irr: 62_418_000,
    })
    expect(refusal.values).not.toHaveProperty('site_password')
    // Nothing was created, so nothing is started.
    expect(fake.calls.filter((call) => call.path.endsWith('/start/'))).toHaveLength(0)
  })

  it('answers the product messages without calling payments-service', async () => {
    const result = expectData<NewRequestActionData>(
      await post({ ...VALID, site_url: '', site_username: '', site_password: '', amount: '0' }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data.kind === 'errors' && result.data.errors.fields).toEqual({
      site_url: ['آدرس سایت را وارد کنید'],
      site_username: ['نام کاربری لازم است'],
      site_password: ['رمز عبور لازم است'],
      amount: ['مبلغ معتبر وارد کنید'],
    })
    // The password is never sent back to the page.
    expect(result.data.kind === 'errors' && result.data.values).not.toHaveProperty('site_password')
    expect(upstream('POST', '/api/payments/create/')).toHaveLength(0)
  })

  it("shows payments-service's field errors next to their fields", async () => {
    fake.answer('POST /api/payments/create/', 400, {
      amount: ['حداقل مبلغ برای این خدمت ۵۰ دلار است'],
    })
    const result = expectData<NewRequestActionData>(await post(VALID))
    expect(result.data.kind === 'errors' && result.data.errors.fields.amount).toEqual([
      'حداقل مبلغ برای این خدمت ۵۰ دلار است',
    ])
  })

  it('says «خطا در ایجاد یا شروع پرداخت» when starting fails', async () => {
    fake.answer('POST /api/payments/7/start/', 502, { detail: 'خطا در ارتباط با درگاه بانک.' })
    const result = expectData<NewRequestActionData>(await post(VALID))
    expect(result.data.kind).toBe('errors')
    if (result.data.kind !== 'errors') return
    expect(result.data.errors.form[0]).toBe('خطا در ایجاد یا شروع پرداخت')
    expect(result.data.orderId).toBe(7)
  })

  it('cash-out has no gateway: success flash, then the orders page', async () => {
    fake.answer('POST /api/payments/7/start/', 200, { gateway_url: null, token: null })
    const response = await post({ ...PAYOUT, sheba: 'IR820540102680020817909002' })
    expect((response as Response).headers.get('Location')).toBe('/dashboard/orders')
    expect(flashMessage(response)).toBe('درخواست با موفقیت ثبت شد!')
    expect(upstream('POST', '/api/payments/create/')[0]?.json).toMatchObject({
      site_username: null,
      site_password: null,
      sheba: 'IR820540102680020817909002',
    })
  })

  it('cash-out without a Sheba is placed and started all the same (it is asked for on the order page)', async () => {
    fake.answer('POST /api/payments/7/start/', 200, { gateway_url: null, token: null })
    const response = await post({ ...PAYOUT, flow: 'payout' })
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).headers.get('Location')).toBe('/dashboard/orders')
    const created = upstream('POST', '/api/payments/create/')[0]?.json as Record<string, unknown>
    expect(created).toMatchObject({ payment_type: 'payout' })
    expect(created).not.toHaveProperty('sheba')
    expect(upstream('POST', '/api/payments/7/start/')[0]?.json).toEqual({
      card_number: null,
      flow: 'payout',
    })
  })

  it('a lock that ran out shows the new amounts, and confirming starts the order again', async () => {
    fake.answer('POST /api/payments/7/start/', 409, {
      detail: 'مهلت نرخ قفل‌شده تمام شد',
      code: 'quote_expired',
      amount_irr: 60_000_000,
      rate_irr: 1_160_000,
      fee_irr: 1_800_000,
      rate_locked_until: '2026-11-24T10:45:00.000Z',
    })
    const result = expectData<NewRequestActionData>(await post(VALID))
    expect(result.init?.status).toBe(409)
    expect(result.data).toMatchObject({ kind: 'quote_expired', orderId: 7, amountIrr: 60_000_000 })

    fake.answer('POST /api/payments/7/start/', 200, {
      gateway_url: 'http://bank.test/x',
      token: 't2',
    })
    const again = expectData<NewRequestActionData>(
      await post({ intent: 'start', order_id: '7', flow: 'topup' }),
    )
    expect(again.data).toMatchObject({ kind: 'gateway', token: 't2' })
  })
})

describe('order loaders', () => {
  it('new request: falls back to the default types and reads the deep link', async () => {
    fake.answer('GET /api/payment-types/', 500, { detail: 'x' })
    const result = expectData<{ types: { value: string }[]; preset: { paymentType: string } }>(
      await load(loader, '/dashboard/new-request?flow=visa', jar),
    )
    expect(result.data.types.map((t) => t.value)).toEqual([...PAYMENT_TYPE_CODES])
    expect(result.data.preset.paymentType).toBe('visa')
  })

  it('dashboard: a deep link goes to the new-request page', async () => {
    const response = await load(dashboardLoader, '/dashboard?start=specialized', jar)
    expect((response as Response).headers.get('Location')).toBe(
      '/dashboard/new-request?start=specialized',
    )
  })

  it('dashboard: counts, total of completed orders, tickets, rate and the chart', async () => {
    fake.orders.push(
      fakeOrder({ id: 1, status: 'completed', stage: 'done', amount_irr: 10_000_000 }),
      fakeOrder({ id: 2, status: 'completed', stage: 'done', amount_irr: 5_000_000 }),
      fakeOrder({ id: 3, status: 'processing', stage: 'paid' }),
      fakeOrder({ id: 4 }),
    )
    const result = expectData<{
      counts: Record<string, number>
      totalIrr: number
      tickets: number
      usdRateIrr: number
      daily: { date: string }[]
    }>(await load(dashboardLoader, '/dashboard', jar))
    expect(result.data.counts).toEqual({ pending: 1, processing: 1, completed: 2, failed: 0 })
    expect(result.data.totalIrr).toBe(15_000_000)
    expect(result.data.tickets).toBe(2)
    expect(result.data.usdRateIrr).toBe(1_150_000)
    expect(result.data.daily.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24'])
  })

  it('dashboard: tickets, rate and chart failures only hide those parts', async () => {
    fake.answer('GET /api/ticketing/tickets/', 500, {})
    fake.answer('GET /api/rates/USD/', 503, {})
    fake.answer('GET /api/rates/USD/daily/?days=30', 404, {})
    const result = expectData<{ tickets: null; usdRateIrr: null; daily: null }>(
      await load(dashboardLoader, '/dashboard', jar),
    )
    expect(result.data).toMatchObject({ tickets: null, usdRateIrr: null, daily: null })
  })

  it('orders: search and filter, with the total for the empty-state choice', async () => {
    fake.orders.push(
      fakeOrder({ id: 11, status: 'failed', site_url: 'https://www.ets.org/' }),
      fakeOrder({ id: 12, status: 'processing', description: 'کیف پول' }),
    )
    const result = expectData<{ orders: { id: number }[]; total: number; filter: string }>(
      await load(ordersLoader, '/dashboard/orders?filter=processing&q=کیف', jar),
    )
    expect(result.data.orders.map((o) => o.id)).toEqual([12])
    expect(result.data.total).toBe(2)
    expect(result.data.filter).toBe('processing')
  })

  it('receipt: only for a paid order', async () => {
    fake.orders.push(
      fakeOrder({ id: 21, status: 'processing', stage: 'paid', paid_at: '2026-11-24T10:40:00Z' }),
      fakeOrder({ id: 22 }),
    )
    const paid = expectData<{ order: { rate_irr: number } }>(
      await load(receiptLoader, '/dashboard/orders/21/receipt', jar, { orderId: '21' }),
    )
    expect(paid.data.order.rate_irr).toBe(1_150_000)
    const unpaid = await load(receiptLoader, '/dashboard/orders/22/receipt', jar, { orderId: '22' })
    expect((unpaid as Response).status).toBe(404)
  })

  it('order page: keeps only a known payment outcome', async () => {
    fake.orders.push(fakeOrder({ id: 31 }))
    const ok = expectData<{ payment: string | null }>(
      await load(orderLoader, '/dashboard/orders/31?payment=success', jar, { orderId: '31' }),
    )
    expect(ok.data.payment).toBe('success')
    const odd = expectData<{ payment: string | null }>(
      await load(orderLoader, '/dashboard/orders/31?payment=<x>', jar, { orderId: '31' }),
    )
    expect(odd.data.payment).toBeNull()
  })
})

describe('the quote token the form sends', () => {
  const quote = {
    amount: '50.50',
    currency: 'USD',
    payment_type: 'topup',
    rate_irr: 1_150_000,
    fee_irr: 1_742_250,
    amount_irr: 59_817_250,
    expires_at: '2026-11-24T10:45:00.000Z',
    quote_token: 'v1.abc.def',
  }

  it('is the token of a quote for exactly what the form holds, Persian digits included', () => {
    const form = { amount: '۵۰٫۵', currency: 'USD', paymentType: 'topup' }
    expect(quoteTokenFor(quote, form)).toBe('v1.abc.def')
  })

  it('is empty while the quote on screen is for another amount, currency or type, or missing', () => {
    const form = { amount: '50.5', currency: 'USD', paymentType: 'topup' }
    expect(quoteTokenFor(quote, { ...form, amount: '51' })).toBe('')
    expect(quoteTokenFor(quote, { ...form, currency: 'EUR' })).toBe('')
    expect(quoteTokenFor(quote, { ...form, paymentType: 'exams' })).toBe('')
    expect(quoteTokenFor(quote, { ...form, amount: '' })).toBe('')
    expect(quoteTokenFor(null, form)).toBe('')
    expect(quoteTokenFor({ ...quote, quote_token: undefined }, form)).toBe('')
  })
})
