import { describe, expect, it } from 'vitest'
import { OrderEvent } from '../../../models/order-event.model.ts'
import { wipeExpiredCredentials } from './retention.ts'
import { paidOrder, transitionTo, useStaffApp } from '../../../test/staff.ts'
import { createOrder } from '../../../test/orders.ts'

const DAY = 86_400

describe('site credentials retention', () => {
  const t = useStaffApp({ CREDENTIALS_RETENTION_DAYS: '7' })
  const wipe = () =>
    wipeExpiredCredentials({
      db: t.deps.db,
      clock: t.clock,
      retentionDays: t.deps.config.CREDENTIALS_RETENTION_DAYS,
    })

  it('wipes the password of a finished order after the retention period, audited, and reveal then refuses', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const done = await paidOrder(t, customer.token)
    await transitionTo(t, staff.token, done.id, { to: 'in_progress' })
    await transitionTo(t, staff.token, done.id, { to: 'done' })
    // Still open: kept however old it gets.
    const open = await paidOrder(t, customer.token)

    t.clock.advance(7 * DAY - 60)
    expect(await wipe()).toEqual([])
    t.clock.advance(120)
    expect(await wipe()).toEqual([done.id])
    expect(await wipe()).toEqual([])

    const row = await t.deps.db('payments').where({ id: done.id }).first()
    expect(row).toMatchObject({
      site_password_enc: null,
      site_password_key_id: null,
      credentials_wiped_at: t.clock.now(),
      stage: 'done',
    })
    const events = await OrderEvent.query(t.deps.db).where({
      payment_id: done.id,
      reason: 'credentials_wiped',
    })
    expect(events).toEqual([
      expect.objectContaining({ actor: 'system', actor_user_id: null, to_stage: 'done' }),
    ])

    // Access tokens live 15 minutes: the staff member signs in again a week later.
    const token = await t.deps.tokens.signAccess(staff.user)
    const reveal = await t.api.post(`/api/staff/orders/${done.id}/reveal-credentials/`, undefined, {
      token,
    })
    expect(reveal.status).toBe(409)
    expect(reveal.body).toEqual({
      detail: 'رمز این سفارش پس از پایان مهلت نگهداری حذف شده است.',
      code: 'credentials_unavailable',
    })
    const detail = await t.api.get(`/api/staff/orders/${done.id}/`, { token })
    expect(detail.body).toMatchObject({
      has_credentials: false,
      credentials_wiped_at: t.clock.now().toISOString(),
    })

    const stillOpen = await t.deps.db('payments').where({ id: open.id }).first()
    expect(stillOpen.site_password_enc).toBeInstanceOf(Buffer)
  })

  it('counts from when the order ended and covers every final stage', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const cancelled = await createOrder(t, customer.token)
    t.clock.advance(3 * DAY)
    const token = await t.deps.tokens.signAccess(staff.user)
    const moved = await transitionTo(t, token, cancelled.id, {
      to: 'cancelled',
      note: 'درخواست مشتری',
    })
    expect(moved.status).toBe(200)
    t.clock.advance(6 * DAY)
    expect(await wipe()).toEqual([])
    t.clock.advance(1 * DAY + 1)
    expect(await wipe()).toEqual([cancelled.id])
  })

  it('works through several batches', async () => {
    const customer = await t.customer()
    const ids: number[] = []
    for (let i = 0; i < 5; i += 1) ids.push((await createOrder(t, customer.token)).id)
    await t.deps.db('payments').whereIn('id', ids).update({ stage: 'expired' })
    t.clock.advance(8 * DAY)
    const wiped = await wipeExpiredCredentials({
      db: t.deps.db,
      clock: t.clock,
      retentionDays: 7,
      batchSize: 2,
    })
    expect(wiped.sort((a, b) => a - b)).toEqual(ids)
  })
})
