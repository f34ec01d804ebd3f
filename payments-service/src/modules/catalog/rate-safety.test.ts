import { RateChangeNeedsConfirmation } from '@arzpol/contracts/catalog/staff'
import { describe, expect, it } from 'vitest'
import { useOrdersApp } from '../../test/orders.ts'
import { approveAsColleague } from '../../test/proposals.ts'
import { setRateAs } from '../../test/staff.ts'

/**
 * Rate safety (ADR 013): a large staff rate change must be confirmed, and a second admin approves
 * it (ADR 039); it is audited.
 */
describe('a staff rate change larger than RATE_CHANGE_CONFIRM_PERCENT', () => {
  const t = useOrdersApp({ RATE_CHANGE_CONFIRM_PERCENT: '10' })

  const setRate = (token: string, body: Record<string, unknown>) =>
    t.api.post<Record<string, unknown>>('/api/rates/', { currency: 'USD', ...body }, { token })

  it('answers 409 rate_change_needs_confirmation until confirmed, then records who, old, new and percent', async () => {
    const admin = await t.customer('admin')
    // 1,150,000 → 1,380,000 is +20%.
    const refused = await setRate(admin.token, { buy_rate_irr: 1_380_000 })
    expect(refused.status, refused.text).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'rate_change_needs_confirmation',
      current_rate_irr: 1_150_000,
      requested_rate_irr: 1_380_000,
      change_percent: 20,
      confirm_above_percent: 10,
    })
    // The contract web reads this answer with.
    expect(RateChangeNeedsConfirmation.safeParse(refused.body).success).toBe(true)
    expect(refused.body.detail).toContain('۲۰ درصد')
    expect((await t.api.get('/api/rates/USD/')).body).toMatchObject({ buy_rate_irr: 1_150_000 })

    t.clock.advance(1)
    // Confirmed, it is a proposal: the rate stays until a second admin approves it.
    const confirmed = await setRate(admin.token, { buy_rate_irr: 1_380_000, confirm: true })
    expect(confirmed.status, confirmed.text).toBe(202)
    expect(confirmed.body).toMatchObject({
      proposal: { kind: 'rate_change', amount_irr: 1_380_000, subject: { id: 'USD' } },
    })
    expect((await t.api.get('/api/rates/USD/')).body).toMatchObject({ buy_rate_irr: 1_150_000 })
    await approveAsColleague(t, confirmed)
    expect((await t.api.get('/api/rates/USD/')).body).toMatchObject({ buy_rate_irr: 1_380_000 })

    // A drop counts too: 1,380,000 → 1,100,000 is −20.29%.
    t.clock.advance(1)
    const drop = await setRate(admin.token, { buy_rate_irr: 1_100_000 })
    expect(drop.status).toBe(409)
    expect(drop.body.change_percent).toBe(20.29)

    const history = await t.api.get<Array<Record<string, unknown>>>('/api/rates/USD/history/', {
      token: admin.token,
    })
    expect(history.body[0]).toMatchObject({
      buy_rate_irr: 1_380_000,
      previous_buy_rate_irr: 1_150_000,
      change_percent: 20,
      change_confirmed: true,
      set_by: { id: admin.id },
    })
  })

  it('takes a change within the limit without confirmation, and audits it as unconfirmed', async () => {
    const admin = await t.customer('admin')
    const small = await setRate(admin.token, { buy_rate_irr: 1_265_000 }) // +10% exactly
    expect(small.status, small.text).toBe(201)
    expect(small.body).toMatchObject({
      previous_buy_rate_irr: 1_150_000,
      change_percent: 10,
      change_confirmed: false,
    })
    // A confirmation nobody needed is not recorded as one.
    t.clock.advance(1)
    const extra = await setRate(admin.token, { buy_rate_irr: 1_270_000, confirm: true })
    expect(extra.status).toBe(201)
    expect(extra.body).toMatchObject({ change_confirmed: false })
    expect((await setRate(admin.token, { buy_rate_irr: 1_300_000, confirm: 'yes' })).status).toBe(
      400,
    )
  })

  it('needs no confirmation for the first rate of a currency', async () => {
    await t.deps.db('rates').where({ currency: 'AED' }).delete()
    const admin = await t.customer('admin')
    const first = await setRateAs(t, admin.token, { currency: 'AED', buy_rate_irr: 500_000 })
    expect(first.body).toMatchObject({ previous_buy_rate_irr: null, change_percent: null })
  })

  it('records an absurd correction (1 rial to the largest rate) without failing', async () => {
    const admin = await t.customer('admin')
    await approveAsColleague(t, await setRate(admin.token, { buy_rate_irr: 1, confirm: true }))
    t.clock.advance(1)
    const back = await setRate(admin.token, { buy_rate_irr: 1_000_000_000, confirm: true })
    await approveAsColleague(t, back)
    const history = await t.api.get<Array<Record<string, unknown>>>('/api/rates/USD/history/', {
      token: admin.token,
    })
    expect(history.body[0]).toMatchObject({ previous_buy_rate_irr: 1, change_confirmed: true })
  })
})
