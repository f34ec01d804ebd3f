import { describe, expect, it } from 'vitest'
import { SANDBOX_IDENTITIES } from '../../sandbox-identity/identities.ts'
import { createOrder, startOrder } from '../../test/orders.ts'
import { validOrder } from '../../test/sample-orders.ts'
import { paidOrder, useStaffApp } from '../../test/staff.ts'

/**
 * Identity level 1 and the limits (ADR 022), through the HTTP API on real PostgreSQL, with the
 * sandbox inquiry provider as a real HTTP server.
 */

const t = useStaffApp()

const LEVEL1 = {
  first_name: 'علی',
  last_name: 'رضایی',
  national_code: SANDBOX_IDENTITIES.matched,
  birth_date: '1370/06/15',
}

const verify = (token: string, body: Record<string, unknown> = {}) =>
  t.api.post<Record<string, unknown>>('/api/me/identity/', { ...LEVEL1, ...body }, { token })

const inquiriesOf = async (userId: number) =>
  (await t.deps.db('identity_inquiries').where({ user_id: userId }).orderBy('id')) as Array<{
    kind: string
    provider: string
    input_hash: string
    result: string
    created_at: Date
  }>

/** 50 USD top-up: 57 500 000 rials + 3 % fee. */
const FIFTY_USD_IRR = 59_225_000

/** Small limits for level 0, so that a few 50-dollar orders reach each of them. */
async function setLevel0Limits(perOrder: number, perDay: number, perMonth: number) {
  await t.deps
    .db('identity_levels')
    .insert({ level: 0, per_order_irr: perOrder, per_day_irr: perDay, per_month_irr: perMonth })
    .onConflict('level')
    .merge()
}

/** Starting to pay the order is refused with 403: the answer's body. */
async function refusedStart(token: string, orderId: number) {
  const response = await t.api.post<Record<string, unknown>>(
    `/api/payments/${orderId}/start/`,
    { card_number: null, flow: 'topup' },
    { token },
  )
  expect(response.status, response.text).toBe(403)
  return response.body
}

describe('level 1: name, national code, birth date and Shahkar', () => {
  it('reaches level 1 when the mobile is registered to the national code', async () => {
    const customer = await t.customer()
    const before = await t.api.get<Record<string, unknown>>('/api/me/identity/', {
      token: customer.token,
    })
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({
      level: 0,
      identity: null,
      limits: {
        per_order_irr: 1_000_000_000,
        per_day_irr: 2_000_000_000,
        per_month_irr: 5_000_000_000,
      },
      next_level: { level: 1, available: true, limits: { per_order_irr: 5_000_000_000 } },
    })

    // Persian digits as typed on a Persian keyboard.
    const response = await verify(customer.token, {
      national_code: '۰۰۲۴۶۸۱۳۵۰',
      birth_date: '۱۳۷۰/۶/۱۵',
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      level: 1,
      identity: {
        first_name: 'علی',
        last_name: 'رضایی',
        national_code: '002*****50',
        birth_date: '1370/06/15',
      },
      limits: { per_order_irr: 5_000_000_000, today_remaining_irr: 10_000_000_000 },
      next_level: { level: 2, available: true },
    })
    const row = await t.deps.db('customer_identities').where({ user_id: customer.id }).first()
    expect(row).toMatchObject({
      level: 1,
      national_code: '0024681350',
      birth_date_jalali: '1370/06/15',
    })
    const [inquiry] = await inquiriesOf(customer.id)
    expect(inquiry).toMatchObject({
      kind: 'mobile_national_code',
      provider: 'sandbox',
      result: 'matched',
    })
    // An HMAC, never the national code or the phone.
    expect(inquiry?.input_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(await inquiriesOf(customer.id))).not.toContain('0024681350')

    expect((await verify(customer.token)).body).toMatchObject({ code: 'already_verified' })
  })

  it('refuses a national code the mobile is not registered to, with a Persian reason', async () => {
    const customer = await t.customer()
    const response = await verify(customer.token, { national_code: SANDBOX_IDENTITIES.mismatched })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      code: 'mobile_mismatch',
      detail:
        'شماره موبایل این حساب به نام صاحب این کد ملی ثبت نشده است. با سیم‌کارتی که به نام خودتان است ثبت‌نام کنید یا کد ملی را بررسی کنید.',
    })
    expect(await t.deps.db('customer_identities').where({ user_id: customer.id })).toEqual([])
  })

  it('answers "try again later" (503, Retry-After) when the provider times out or fails, never 500', async () => {
    const customer = await t.customer()
    for (const [code, result] of [
      [SANDBOX_IDENTITIES.timeout, 'timeout'],
      [SANDBOX_IDENTITIES.unavailable, 'unavailable'],
    ] as const) {
      const response = await verify(customer.token, { national_code: code })
      expect([code, response.status]).toEqual([code, 503])
      expect(response.body).toMatchObject({ code: 'inquiry_unavailable', retry_after: 60 })
      expect(response.headers.get('retry-after')).toBe('60')
      expect((await inquiriesOf(customer.id)).at(-1)?.result).toBe(result)
    }
    expect(
      (await t.api.get<{ level: number }>('/api/me/identity/', { token: customer.token })).body
        .level,
    ).toBe(0)
  })

  it('does not pay for the same question twice, but asks again after a failure', async () => {
    const customer = await t.customer()
    const calls = t.identity.matchingCalls
    expect(
      (await verify(customer.token, { national_code: SANDBOX_IDENTITIES.mismatched })).status,
    ).toBe(409)
    expect((await verify(customer.token, { national_code: '۰۰۱۲۳۴۵۶۷۹' })).status).toBe(409)
    expect(t.identity.matchingCalls - calls).toBe(1)
    expect((await inquiriesOf(customer.id)).map((row) => row.result)).toEqual(['mismatched'])

    // A timeout is no answer: the next try asks again.
    await verify(customer.token, { national_code: SANDBOX_IDENTITIES.timeout })
    await verify(customer.token, { national_code: SANDBOX_IDENTITIES.timeout })
    expect(t.identity.matchingCalls - calls).toBe(3)

    // Past the reuse period (30 days by default) the answer is bought again.
    t.clock.advance(31 * 86_400)
    await verify(await t.deps.tokens.signAccess(customer.user), {
      national_code: SANDBOX_IDENTITIES.mismatched,
    })
    expect(t.identity.matchingCalls - calls).toBe(4)
  })

  it('allows one account per national code, also when two accounts ask at the same moment', async () => {
    const first = await t.customer()
    const second = await t.customer()
    expect((await verify(first.token)).status).toBe(200)
    const refused = await verify(second.token)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'national_code_taken' })
    expect(String(refused.body.detail)).toContain('هر شخص فقط یک حساب')

    const [a, b] = [await t.customer(), await t.customer()]
    const racing = await Promise.all([
      verify(a.token, { national_code: '0012345611' }),
      verify(b.token, { national_code: '0012345611' }),
    ])
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409])
    expect(racing.find((response) => response.status === 409)?.body).toMatchObject({
      code: 'national_code_taken',
    })
    expect(
      await t.deps.db('customer_identities').where({ national_code: '0012345611' }).count('* as n'),
    ).toEqual([{ n: 1 }])
  })

  it('refuses a bad checksum, an impossible date and anyone under 18, each in Persian', async () => {
    const customer = await t.customer()
    const bad = await verify(customer.token, {
      national_code: '0024681351',
      birth_date: '1404/12/30',
      first_name: '',
      last_name: '<script>',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      national_code: ['کد ملی معتبر نیست؛ ده رقم کد ملی خود را بدون خط تیره وارد کنید'],
      birth_date: ['تاریخ تولد را به شکل سال/ماه/روز شمسی وارد کنید، مثلاً ۱۳۷۰/۰۶/۱۵'],
      first_name: ['این فیلد الزامی است'],
      last_name: ['نام را با حروف فارسی یا انگلیسی و حداکثر ۵۰ نویسه وارد کنید'],
    })
    // 17 years old today in Tehran: born a year after someone who is 18.
    const { jy } = (await import('@arzpol/contracts/identity/birth-date')).tehranJalaliDay(
      t.clock.now(),
    )
    const young = await verify(customer.token, { birth_date: `${jy - 17}/01/01` })
    expect(young.status).toBe(400)
    expect(young.body).toEqual({
      birth_date: ['برای استفاده از خدمات ارزپل باید دست‌کم ۱۸ سال داشته باشید'],
    })
    // Refused before any inquiry was paid for.
    expect(await inquiriesOf(customer.id)).toEqual([])
  })

  it("shows each customer only their own identity (no id to tamper with), and nobody's anonymously", async () => {
    const owner = await t.customer()
    const other = await t.customer()
    expect((await verify(owner.token)).status).toBe(200)
    const theirs = await t.api.get<{ level: number; identity: unknown }>('/api/me/identity/', {
      token: other.token,
    })
    expect(theirs.body).toMatchObject({ level: 0, identity: null })
    expect((await t.api.get('/api/me/identity/')).status).toBe(401)
    expect((await t.api.post('/api/me/identity/', LEVEL1)).status).toBe(401)
  })
})

describe('limits per level', () => {
  it('refuses an order above the per-order limit at create, naming the limit and the next level', async () => {
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    const customer = await t.customer()
    const response = await t.api.post('/api/payments/create/', validOrder({ amount: '90' }), {
      token: customer.token,
    })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({
      code: 'identity_limit',
      limit: 'per_order',
      level: 0,
      next_level: 1,
      limit_irr: 100_000_000,
      remaining_irr: 100_000_000,
      detail:
        'مبلغ این سفارش از سقف هر سفارش سطح ۰ حساب شما (۱۰٬۰۰۰٬۰۰۰ تومان) بیشتر است. برای سقف بالاتر، احراز هویت سطح ۱ را کامل کنید.',
    })
    expect(await t.deps.db('payments').where({ user_id: customer.id })).toEqual([])
    // Level 1 has its own, higher limits.
    expect((await verify(customer.token)).status).toBe(200)
    await createOrder(t, customer.token, { amount: '90' })
  })

  it('counts paid orders and payments under way of the day, not cancelled ones', async () => {
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    const customer = await t.customer()
    await paidOrder(t, customer.token)
    // At the bank: the attempt holds its order's amount (ADR 022, revised).
    const second = await createOrder(t, customer.token)
    await startOrder(t, customer.token, second.id)
    const third = await t.api.post<Record<string, unknown>>('/api/payments/create/', validOrder(), {
      token: customer.token,
    })
    expect(third.status).toBe(403)
    expect(third.body).toMatchObject({
      limit: 'per_day',
      remaining_irr: 150_000_000 - 2 * FIFTY_USD_IRR,
    })
    expect(String(third.body.detail)).toContain('باقی‌ماندهٔ این سقف ۳٬۱۵۵٬۰۰۰ تومان است')
    const standing = await t.api.get<{ limits: Record<string, number> }>('/api/me/identity/', {
      token: customer.token,
    })
    expect(standing.body.limits).toMatchObject({
      today_remaining_irr: 150_000_000 - 2 * FIFTY_USD_IRR,
      month_remaining_irr: 200_000_000 - 2 * FIFTY_USD_IRR,
    })
    // A cancelled order moved no money: it frees its share.
    expect(
      (await t.api.post(`/api/payments/${second.id}/cancel/`, {}, { token: customer.token }))
        .status,
    ).toBe(200)
    await createOrder(t, customer.token)
  })

  it('checks again when payment starts (limits lowered meanwhile)', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    await setLevel0Limits(50_000_000, 150_000_000, 200_000_000)
    expect(await refusedStart(customer.token, order.id)).toMatchObject({
      code: 'identity_limit',
      limit: 'per_order',
      next_level: 1,
    })
    expect(await t.deps.db('gateway_transactions').where({ payment_id: order.id })).toEqual([])
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    // The order itself is not counted twice against the day.
    const start = await startOrder(t, customer.token, order.id)
    expect(start.gateway_url).toBeTruthy()
  })

  it("counts the customer's other payments under way at payment start", async () => {
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    const customer = await t.customer()
    const first = await createOrder(t, customer.token)
    const second = await createOrder(t, customer.token)
    await startOrder(t, customer.token, second.id)
    await setLevel0Limits(100_000_000, 100_000_000, 200_000_000)
    // The other order's attempt holds its share of the day; this order is not counted twice.
    expect(await refusedStart(customer.token, first.id)).toMatchObject({
      limit: 'per_day',
      remaining_irr: 100_000_000 - FIFTY_USD_IRR,
    })
  })

  it('serialises concurrent creates with Idempotency-Keys without a deadlock', async () => {
    // Each keyed create first records its key (a row that references the customer, so PostgreSQL
    // takes a KEY SHARE lock on the customer's row), then locks that row for the limit check: a
    // FOR UPDATE there waited on the other request's KEY SHARE and deadlocked (found by the
    // PostgreSQL-restart journey, which creates orders on two streams).
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    const customer = await t.customer()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        t.api.post('/api/payments/create/', validOrder(), {
          token: customer.token,
          headers: { 'Idempotency-Key': `race-${customer.id}-${index}` },
        }),
      ),
    )
    // Creating holds nothing (ADR 022, revised), so every one fits; starts are where two orders
    // race for the same room (limits.test.ts).
    expect(answers.map((response) => response.status)).toEqual(Array(8).fill(201))
  })

  it("counts the Jalali month: yesterday's payments count against the month, not the day", async () => {
    await setLevel0Limits(100_000_000, 150_000_000, 200_000_000)
    // 2027-01-01T08:00Z is 1405/10/11 in Tehran: the next day is in the same month.
    t.clock.advance(
      Math.floor((Date.parse('2027-01-01T08:00:00Z') - t.clock.now().getTime()) / 1000),
    )
    await t.deps.db('rates').update({ created_at: new Date(t.clock.now().getTime() - 86_400_000) })
    const customer = await t.customer()
    await paidOrder(t, customer.token)
    await paidOrder(t, customer.token)
    t.clock.advance(86_400)
    // Access tokens follow the hand-moved clock too.
    let token = await t.deps.tokens.signAccess(customer.user)
    await paidOrder(t, token)
    const fourth = await t.api.post('/api/payments/create/', validOrder(), { token })
    expect(fourth.status).toBe(403)
    expect(fourth.body).toMatchObject({
      limit: 'per_month',
      remaining_irr: 200_000_000 - 3 * FIFTY_USD_IRR,
    })
    // 1 Bahman 1405 (2027-01-21): a new month.
    t.clock.advance(20 * 86_400)
    token = await t.deps.tokens.signAccess(customer.user)
    await createOrder(t, token)
  })
})

describe('staff: limits per level', () => {
  it('shows them in toman, lets admins change them (audited) and refuses support', async () => {
    const admin = await t.customer('admin')
    const support = await t.customer('support')
    const read = await t.api.get<{ levels: Array<Record<string, unknown>> }>(
      '/api/staff/identity-levels/',
      {
        token: support.token,
      },
    )
    expect(read.status).toBe(200)
    expect(
      read.body.levels.map(({ level, per_order_toman, per_day_toman, per_month_toman }) => ({
        level,
        per_order_toman,
        per_day_toman,
        per_month_toman,
      })),
    ).toEqual([
      {
        level: 0,
        per_order_toman: 100_000_000,
        per_day_toman: 200_000_000,
        per_month_toman: 500_000_000,
      },
      {
        level: 1,
        per_order_toman: 500_000_000,
        per_day_toman: 1_000_000_000,
        per_month_toman: 3_000_000_000,
      },
      {
        level: 2,
        per_order_toman: 2_000_000_000,
        per_day_toman: 5_000_000_000,
        per_month_toman: 20_000_000_000,
      },
    ])
    const body = {
      level: 0,
      per_order_toman: 50_000_000,
      per_day_toman: 80_000_000,
      per_month_toman: 200_000_000,
    }
    expect(
      (await t.api.request('PUT', '/api/staff/identity-levels/', { body, token: support.token }))
        .status,
    ).toBe(403)
    const saved = await t.api.request<{ levels: Array<Record<string, unknown>> }>(
      'PUT',
      '/api/staff/identity-levels/',
      {
        body,
        token: admin.token,
      },
    )
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.levels[0]).toMatchObject({
      level: 0,
      per_order_toman: 50_000_000,
      updated_by: admin.user.username,
    })
    expect(saved.body.levels[1]).toMatchObject({
      level: 1,
      per_order_toman: 500_000_000,
      updated_by: null,
    })
    expect(await t.deps.db('identity_levels').where({ level: 0 }).first()).toMatchObject({
      per_order_irr: 500_000_000,
      per_day_irr: 800_000_000,
      updated_by_user_id: admin.id,
    })
    const [change] = await t.deps.db('identity_level_changes')
    expect(change).toMatchObject({
      changed_by_user_id: admin.id,
      old: {
        level: 0,
        per_order_irr: 1_000_000_000,
        per_day_irr: 2_000_000_000,
        per_month_irr: 5_000_000_000,
      },
      new: {
        level: 0,
        per_order_irr: 500_000_000,
        per_day_irr: 800_000_000,
        per_month_irr: 2_000_000_000,
      },
    })

    const inverted = await t.api.request('PUT', '/api/staff/identity-levels/', {
      body: { ...body, per_order_toman: 90_000_000 },
      token: admin.token,
    })
    expect(inverted.status).toBe(400)
    expect(inverted.body).toEqual({
      per_day_toman: [
        'سقف روزانه باید دست‌کم برابر سقف هر سفارش و سقف ماهانه دست‌کم برابر سقف روزانه باشد',
      ],
    })
    // Level 1 below level 0, or level 0 above level 1: refused, nothing written.
    for (const wrong of [
      {
        level: 1,
        per_order_toman: 10_000_000,
        per_day_toman: 80_000_000,
        per_month_toman: 200_000_000,
      },
      {
        level: 0,
        per_order_toman: 600_000_000,
        per_day_toman: 1_000_000_000,
        per_month_toman: 3_000_000_000,
      },
    ]) {
      const refused = await t.api.request('PUT', '/api/staff/identity-levels/', {
        body: wrong,
        token: admin.token,
      })
      expect([wrong.level, refused.status, refused.body]).toEqual([
        wrong.level,
        409,
        {
          code: 'level_order',
          detail: 'سقف‌های هر سطح باید دست‌کم برابر سطح پایین‌تر و حداکثر برابر سطح بالاتر باشد',
        },
      ])
    }
    expect(await t.deps.db('identity_level_changes')).toHaveLength(1)
  })
})
