import { describe, expect, it } from 'vitest'
import { createOrder } from '../../test/orders.ts'
import { validOrder } from '../../test/sample-orders.ts'
import { setRateAs, useStaffApp } from '../../test/staff.ts'

type Quote = { rate_irr: number; subtotal_irr: number; fee_irr: number; amount_irr: number }

describe('staff pricing: fees, minimums and rates reach the next quote and order', () => {
  const t = useStaffApp()
  const quote = async (query: string) => {
    const response = await t.api.get<Quote>(`/api/quote/?${query}`)
    expect(response.status, response.text).toBe(200)
    return response.body
  }

  it('an admin fee change prices the next quote and order; the old order keeps its fee', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    const before = await createOrder(t, customer.token)
    expect(await quote('amount=100&currency=USD&payment_type=topup')).toMatchObject({
      subtotal_irr: 115_000_000,
      fee_irr: 3_450_000,
    })

    const patched = await t.api.request('PATCH', '/api/staff/payment-types/topup/', {
      body: { fee_bps: 150, fee_fixed_irr: 100_000, note: 'تخفیف پاییز' },
      token: admin.token,
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body).toMatchObject({
      value: 'topup',
      fee_bps: 150,
      fee_fixed_irr: 100_000,
      min_amount: 50,
      updated_by: { id: admin.id },
    })

    // 1.5 % of 115,000,000 + 100,000
    expect(await quote('amount=100&currency=USD&payment_type=topup')).toMatchObject({
      fee_irr: 1_825_000,
      amount_irr: 116_825_000,
    })
    const after = await t.api.post<Quote>('/api/payments/create/', validOrder({ amount: '100' }), {
      token: customer.token,
    })
    expect(after.body).toMatchObject({ fee_irr: 1_825_000, amount_irr: 116_825_000 })
    const kept = await t.deps.db('payments').where({ id: before.id }).first<{ fee_irr: number }>()
    expect(kept?.fee_irr).toBe(1_725_000)

    const types = await t.api.get<Array<{ value: string; fee_bps: number }>>('/api/payment-types/')
    expect(types.body.find((type) => type.value === 'topup')?.fee_bps).toBe(150)

    const history = await t.api.get<Array<Record<string, unknown>>>(
      '/api/staff/payment-types/topup/history/',
      { token: (await t.customer('support')).token },
    )
    expect(history.body).toEqual([
      expect.objectContaining({
        payment_type: 'topup',
        old: { fee_bps: 300, fee_fixed_irr: 0, min_amount: 50, max_amount: 10_000 },
        new: { fee_bps: 150, fee_fixed_irr: 100_000, min_amount: 50, max_amount: 10_000 },
        changed_by: { id: admin.id, username: admin.user.username },
        note: 'تخفیف پاییز',
      }),
    ])
  })

  it('a new minimum and maximum apply to the next order, in both directions', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    const patch = (body: Record<string, unknown>) =>
      t.api.request('PATCH', '/api/staff/payment-types/exams/', { body, token: admin.token })
    const order = (amount: string) =>
      t.api.post('/api/payments/create/', validOrder({ payment_type: 'exams', amount }), {
        token: customer.token,
      })
    expect((await order('30')).body).toEqual({ amount: ['حداقل مبلغ برای این خدمت ۵۰ دلار است'] })
    expect((await patch({ min_amount: 20, max_amount: 500 })).status).toBe(200)
    expect((await order('30')).status).toBe(201)
    expect((await order('600')).body).toEqual({
      amount: ['برای مبالغ بیش از ۵۰۰ دلار با پشتیبانی هماهنگ کنید'],
    })
    expect((await patch({ min_amount: 100 })).status).toBe(200)
    expect((await order('60')).body).toEqual({ amount: ['حداقل مبلغ برای این خدمت ۱۰۰ دلار است'] })
  })

  it('refuses bad values, empty patches, support staff and customers', async () => {
    const admin = await t.customer('admin')
    const support = await t.customer('support')
    const customer = await t.customer()
    const patch = (body: Record<string, unknown>, token = admin.token, code = 'topup') =>
      t.api.request('PATCH', `/api/staff/payment-types/${code}/`, { body, token })
    expect((await patch({ fee_bps: -1 })).status).toBe(400)
    expect((await patch({ fee_bps: 1.5 })).status).toBe(400)
    expect((await patch({ fee_fixed_irr: -5 })).status).toBe(400)
    expect((await patch({ min_amount: 0 })).status).toBe(400)
    expect((await patch({ min_amount: 20_000 })).body).toEqual({
      min_amount: ['حداقل مبلغ نمی‌تواند از حداکثر مبلغ بیشتر باشد'],
    })
    expect((await patch({ note: 'فقط توضیح' })).status).toBe(400)
    expect((await patch({ fee_bps: 100 }, admin.token, 'lottery')).status).toBe(400)
    expect((await patch({ fee_bps: 100 }, support.token)).status).toBe(403)
    expect((await patch({ fee_bps: 100 }, customer.token)).status).toBe(403)
    const list = await t.api.get<Array<{ fee_bps: number }>>('/api/staff/payment-types/', {
      token: support.token,
    })
    expect(list.body[0]?.fee_bps).toBe(300)
  })

  it('a new USD rate prices the next quote and order; history names who set it', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    expect((await quote('amount=50&currency=USD')).rate_irr).toBe(1_150_000)
    const set = await setRateAs(t, admin.token, {
      currency: 'USD',
      buy_rate_irr: 1_210_000,
      note: 'بازار آزاد',
    })
    expect(set.body).toMatchObject({ set_by: { id: admin.id, username: admin.user.username } })
    expect(await quote('amount=50&currency=USD')).toMatchObject({
      rate_irr: 1_210_000,
      subtotal_irr: 60_500_000,
    })
    const order = await createOrder(t, customer.token)
    expect(order).toMatchObject({ rate_irr: 1_210_000 })
    const history = await t.api.get<Array<Record<string, unknown>>>('/api/rates/USD/history/', {
      token: admin.token,
    })
    expect(history.body[0]).toMatchObject({
      buy_rate_irr: 1_210_000,
      set_by_user_id: admin.id,
      set_by: { id: admin.id },
      note: 'بازار آزاد',
    })
    expect(history.body[1]).toMatchObject({ set_by: null })
  })
})
