import { describe, expect, it } from 'vitest'
import { createOrder, useOrdersApp, validOrder } from '../../test/orders.ts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'

/**
 * The limit check's lock (issue 18) is also where a request learns that staff blocked or closed
 * the account while it waited: its token was checked before the wait.
 */

const t = useOrdersApp()

describe('the customer lock of an order', () => {
  it('an order waiting on the lock while staff block the account is refused, and not written', async () => {
    const customer = await t.customer()
    await createOrder(t, customer.token)

    // Staff's transaction blocks the account and holds the row until the order request waits.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const blocking = t.deps.db.transaction(async (trx) => {
      await trx('users').where({ id: customer.id }).update({ blocked_at: new Date() })
      await held
    })
    const ordering = t.api.post('/api/payments/create/', validOrder(), { token: customer.token })
    await waitUntilSomeoneWaitsOnALock()
    release()
    await blocking

    const refused = await ordering
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toEqual({ detail: MESSAGES.blocked, code: 'account_blocked' })
    expect(await t.deps.db('payments').where({ user_id: customer.id })).toHaveLength(1)
  })
})

async function waitUntilSomeoneWaitsOnALock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = (await t.deps.db.raw(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    )) as { rows: Array<{ n: number }> }
    if ((rows[0]?.n ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the order request never waited on the customer lock')
}
