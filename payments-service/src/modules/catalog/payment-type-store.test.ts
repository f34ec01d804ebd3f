import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../test/clock.ts'
import { createKnex } from '../../db/knex.ts'
import { createTestDatabase, useTestDatabase } from '../../test/db.ts'
import { PAYMENT_TYPES } from '@arzpol/contracts/catalog/payment-types'
import { createPaymentTypeStore, settingsOf } from './payment-type-store.ts'

describe('payment type store', () => {
  const database = useTestDatabase()

  it('falls back to the catalogue for a type without a row', async () => {
    const store = createPaymentTypeStore({
      db: database.db,
      clock: new ManualClock(),
      ttlSeconds: 10,
    })
    expect(await store.all()).toEqual(PAYMENT_TYPES.map((type) => ({ ...type, catalogVersion: 0 })))
  })

  it('shows an update at once on the instance that made it, on others after the TTL', async () => {
    const clock = new ManualClock()
    const here = createPaymentTypeStore({ db: database.db, clock, ttlSeconds: 10 })
    const there = createPaymentTypeStore({ db: database.db, clock, ttlSeconds: 10 })
    expect((await there.get('visa')).fee.bps).toBe(300)
    const [admin] = (await database
      .db('users')
      .insert({ phone: '09350000001', username: 'admin1', password_hash: 'x', role: 'admin' })
      .returning('id')) as Array<{ id: number }>
    if (!admin) throw new Error('no user')
    await here.update('visa', { fee_bps: 250 }, { userId: admin.id, note: null })
    expect((await here.get('visa')).fee.bps).toBe(250)
    expect((await there.get('visa')).fee.bps).toBe(300)
    clock.advance(10)
    expect((await there.get('visa')).fee.bps).toBe(250)
    expect(settingsOf(await there.get('visa'))).toEqual({
      fee_bps: 250,
      fee_fixed_irr: 1_000_000,
      min_amount: 50,
      max_amount: 10_000,
    })
  })

  it('the migration seeds every type with the values the catalogue had', async () => {
    // A fresh copy of the migrated template: the harness empties the tables of `database`.
    const fresh = await createTestDatabase()
    const db = createKnex({ url: fresh.url, poolMax: 1 })
    try {
      const rows = (await db('payment_type_settings')
        .select('payment_type', 'fee_bps', 'fee_fixed_irr', 'min_amount', 'max_amount')
        .orderBy('payment_type')) as Array<{ payment_type: string } & Record<string, number>>
      const seeded = Object.fromEntries(
        rows.map(({ payment_type, ...settings }) => [payment_type, settings]),
      )
      expect(seeded).toEqual(
        Object.fromEntries(PAYMENT_TYPES.map((type) => [type.value, settingsOf(type)])),
      )
    } finally {
      await db.destroy()
      await fresh.drop()
    }
  })
})
