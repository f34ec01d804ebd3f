import { describe, expect, it } from 'vitest'
import { sparklinePoints } from '~/components/ui/sparkline.tsx'
import {
  customerStageLabel,
  filterOrders,
  newRequestSchema,
  normalizeStatus,
  createPaymentBody,
  resolveDeepLink,
} from './orders.ts'

describe('the amount field (read by parseAmountToMinor, shared with payments-service)', () => {
  const form = (amount: string) => ({
    payment_type: 'exams',
    site_url: 'ets.org',
    amount,
    currency: 'USD',
  })

  it.each([
    ['50', 5000n],
    ['۵۰', 5000n],
    ['٥٠', 5000n],
    ['۱٬۲۵۰٫۵', 125050n],
    ['1,250.75', 125075n],
    [' 12.5 ', 1250n],
    ['۱\u200c۲۵۰', 125000n],
  ])('%s → %s minor units', (input, expected) => {
    const result = newRequestSchema.safeParse(form(input))
    expect(result.success && result.data.amount).toBe(expected)
  })

  it.each(['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '1234567890123'])(
    'refuses %j with the product message',
    (input) => {
      const result = newRequestSchema.safeParse(form(input))
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['amount', 'مبلغ معتبر وارد کنید'],
      ])
    },
  )

  it('sends the API its exact two-decimal string', () => {
    const result = newRequestSchema.safeParse(form('۱۲٫۵'))
    expect(result.success && createPaymentBody(result.data).amount).toBe('12.50')
  })
})

describe('newRequestSchema (the product texts)', () => {
  const base = {
    payment_type: 'exams',
    site_url: 'ets.org',
    amount: '60',
    currency: 'USD',
  }

  it('accepts a type without credentials and gives https:// to a bare address', () => {
    const result = newRequestSchema.safeParse(base)
    expect(result.success && result.data).toMatchObject({
      site_url: 'https://ets.org/',
      amount: 6000n,
    })
  })

  it('needs the username and password only for the four types', () => {
    for (const type of ['topup', 'subscriptions', 'cloud', 'ads']) {
      const result = newRequestSchema.safeParse({ ...base, payment_type: type })
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'نام کاربری لازم است',
        'رمز عبور لازم است',
      ])
    }
    for (const type of ['exams', 'visa', 'domain']) {
      expect(newRequestSchema.safeParse({ ...base, payment_type: type }).success).toBe(true)
    }
  })

  it('site address and amount messages', () => {
    const result = newRequestSchema.safeParse({ ...base, site_url: 'not a url', amount: '۰' })
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['site_url', 'آدرس سایت را وارد کنید'],
      ['amount', 'مبلغ معتبر وارد کنید'],
    ])
  })

  it('only USD, EUR and GBP', () => {
    expect(newRequestSchema.safeParse({ ...base, currency: 'TRY' }).success).toBe(false)
    expect(newRequestSchema.safeParse({ ...base, currency: 'GBP' }).success).toBe(true)
  })
})

describe('resolveDeepLink', () => {
  const of = (query: string) => resolveDeepLink(new URLSearchParams(query))
  it.each([
    ['start=base', 'topup', null],
    ['start=intermediate', 'payout', null],
    ['start=specialized', 'visa', null],
    ['flow=payout', 'payout', null],
    ['flow=subscriptions&service=media', 'subscriptions', 'media'],
    ['flow=subscriptions&service=evil', 'subscriptions', null],
    ['flow=visa', 'visa', null],
    ['flow=cloud', 'cloud', null],
    ['flow=domain', 'domain', null],
    ['flow=ads', 'ads', null],
    ['flow=unknown', 'topup', null],
    ['', 'topup', null],
  ])('%s → %s', (query, type, service) => {
    expect(of(query)).toMatchObject({ paymentType: type, service })
  })

  it('the flow sent in meta fits payments-service ([a-z_])', () => {
    expect(of('start=base').flow).toBe('start_base')
    expect(of('flow=ads').flow).toBe('ads')
  })
})

describe('orders list', () => {
  const orders = [
    { id: 101, status: 'processing', site_url: 'https://wallet.example.com/', description: null },
    { id: 202, status: 'failed', site_url: 'https://www.ets.org/', description: 'آزمون تافل' },
    { id: 303, status: 'weird', site_url: 'https://x.io/', description: '' },
  ]
  it('unknown statuses count as pending', () => {
    expect(normalizeStatus('weird')).toBe('pending')
    expect(filterOrders(orders, { q: '', filter: 'pending' }).map((o) => o.id)).toEqual([303])
  })
  it('searches id (Persian digits too), address and description', () => {
    expect(filterOrders(orders, { q: '۲۰۲', filter: 'all' }).map((o) => o.id)).toEqual([202])
    expect(filterOrders(orders, { q: 'WALLET', filter: 'all' }).map((o) => o.id)).toEqual([101])
    expect(filterOrders(orders, { q: 'تافل', filter: 'all' }).map((o) => o.id)).toEqual([202])
    expect(filterOrders(orders, { q: 'تافل', filter: 'processing' })).toEqual([])
  })
})

describe('sparklinePoints', () => {
  it('spans the width, lowest value at the bottom, highest at the top', () => {
    expect(sparklinePoints([10, 20, 15], 100, 20)).toBe('0.0,19.0 50.0,1.0 100.0,10.0')
    expect(sparklinePoints([5], 100, 20)).toBe('')
  })
})

describe('customerStageLabel', () => {
  it('says «بازپرداخت شد» only once the money is back', () => {
    const refunded = { stage: 'refunded' }
    expect(customerStageLabel({ ...refunded, money_back: [{ status: 'done' }] })).toBe(
      'بازپرداخت شد',
    )
    for (const status of ['held', 'requested', 'pending'])
      expect(customerStageLabel({ ...refunded, money_back: [{ status }] })).toBe(
        'بازپرداخت در جریان',
      )
    expect(customerStageLabel({ stage: 'paid', money_back: [{ status: 'held' }] })).toBe(
      'پرداخت شد',
    )
  })
})
