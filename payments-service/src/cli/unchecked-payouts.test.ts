import { describe, expect, it } from 'vitest'
import { verifiedCustomer } from '../test/identity.ts'
import { createOrder, useOrdersApp } from '../test/orders.ts'
import { PAYOUT_ORDER } from '../test/sample-orders.ts'
import { SHEBA } from '../test/staff.ts'
import { reportUncheckedPayouts } from './unchecked-payouts.ts'

/**
 * ADR 028: the operator's list of cash-outs whose Sheba never passed the owner check on the
 * order (those made before the check was kept there, or given at level 0 and not reviewed yet).
 */
describe('payouts:unchecked', () => {
  const t = useOrdersApp()

  it('lists a cash-out whose Sheba was never owner-checked, not a checked one, and counts them', async () => {
    const level0 = await t.customer()
    const unchecked = await createOrder(t, level0.token, { ...PAYOUT_ORDER, sheba: SHEBA })
    // Without a Sheba there is nothing to check.
    await createOrder(t, level0.token, PAYOUT_ORDER)
    const verified = await verifiedCustomer(t)
    const checked = await createOrder(t, verified.token, { ...PAYOUT_ORDER, sheba: SHEBA })
    // A top-up's Sheba is nobody's business here (the column is null for every other type).
    await createOrder(t, verified.token)

    const lines: string[] = []
    const count = await reportUncheckedPayouts(t.deps.db, (line) => lines.push(line))
    expect(count).toBe(1)
    const { created_at: created } = (await t.deps
      .db('payments')
      .where({ id: unchecked.id })
      .first('created_at')) as { created_at: Date }
    expect(lines).toEqual([
      `#${unchecked.id}  awaiting_payment  customer #${level0.id}  created ${created.toISOString()}`,
      'payouts:unchecked: 1 cash-out(s) whose Sheba was never owner-checked',
    ])
    expect(lines.join('\n')).not.toContain(`#${checked.id} `)

    // Once reviewed at level 1 it leaves the list.
    await t.deps.db('payments').where({ id: unchecked.id }).update({
      sheba_owner_checked_at: t.clock.now(),
    })
    const after: string[] = []
    expect(await reportUncheckedPayouts(t.deps.db, (line) => after.push(line))).toBe(0)
    expect(after).toEqual(['payouts:unchecked: 0 cash-out(s) whose Sheba was never owner-checked'])
  })
})
