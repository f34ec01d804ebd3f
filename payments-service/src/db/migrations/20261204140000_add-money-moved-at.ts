/**
 * Why: ADR 022, revised 2026-12-04. The limits counted an order from the moment it was created,
 * in the day it was created, so an abandoned bank visit used up the customer's day. They now
 * count money that moved, in the Tehran day and Jalali month it moved, and hold what a payment
 * under way may still move:
 *
 * - `payments.money_moved_at`: when the order's money moved (a bank payment verified, or a
 *   cash-out paid out by staff); null while it has not. Set by the state machine's one guarded
 *   move (`Payment.moveStage`). Orders from before are backfilled from their events: the first
 *   move to `paid` (a bank order) or to `done` (a cash-out); an order without such an event keeps
 *   counting when it was created, as it did until now.
 * - Partial indexes for the one-statement standing query, each holding only what it reads: the
 *   customer's moved money by time, their cash-outs under way, and the bank attempts still open
 *   (a small part of the table).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.timestamp('money_moved_at', { useTz: true }).nullable()
  })
  await backfillMoneyMovedAt(knex)
  // Only the rows the standing query sums, with the amount: an index-only scan, and no plan
  // that walks the stage index (every customer's paid orders) to filter one customer's.
  await knex.raw(`CREATE INDEX payments_user_moved_idx
    ON payments (user_id, money_moved_at) INCLUDE (amount_irr)
    WHERE stage IN ('paid', 'in_progress', 'done') AND money_moved_at IS NOT NULL`)
  await knex.raw(`CREATE INDEX payments_user_held_payouts_idx
    ON payments (user_id) INCLUDE (amount_irr)
    WHERE payment_type = 'payout' AND stage IN ('awaiting_payout_details', 'in_progress')`)
  await knex.raw(`CREATE INDEX gateway_transactions_open_idx
    ON gateway_transactions (payment_id) WHERE status IN ('created', 'token_created', 'verifying')`)
}

/** Fills `money_moved_at` of orders whose money moved and that do not have it yet. */
export async function backfillMoneyMovedAt(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE payments AS p
       SET money_moved_at = COALESCE(
             (SELECT min(e.created_at) FROM payment_events e
               WHERE e.payment_id = p.id
                 AND e.to_stage = CASE WHEN p.payment_type = 'payout' THEN 'done' ELSE 'paid' END),
             p.paid_at,
             p.created_at)
     WHERE p.money_moved_at IS NULL
       AND ((p.payment_type <> 'payout' AND p.stage IN ('paid', 'in_progress', 'done', 'refunded'))
         OR (p.payment_type = 'payout' AND p.stage = 'done'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX gateway_transactions_open_idx')
  await knex.raw('DROP INDEX payments_user_held_payouts_idx')
  await knex.raw('DROP INDEX payments_user_moved_idx')
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('money_moved_at')
  })
}
