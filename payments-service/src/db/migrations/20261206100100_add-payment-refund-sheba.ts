/**
 * Why: money of an order that the bank will not reverse goes back by a bank transfer staff
 * make, and a transfer needs an account. The customer gives it on the order page, and it must be
 * their own: `payments.refund_sheba` is that account, `refund_sheba_checked_at` when the owner
 * inquiry matched the customer at identity level 1 (null: given below level 1, staff check the
 * owner by hand). Kept apart from `payments.sheba`, a cash-out's payout account, so neither
 * rule reads the other's column. Added empty: older pods ignore the columns, so a rolling deploy
 * is safe.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.string('refund_sheba', 26).nullable()
    t.timestamp('refund_sheba_checked_at', { useTz: true }).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('refund_sheba_checked_at')
    t.dropColumn('refund_sheba')
  })
}
