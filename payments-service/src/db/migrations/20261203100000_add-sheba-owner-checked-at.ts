/**
 * Why: ADR 028. Whether a cash-out's Sheba is the customer's own was asked only when a Sheba
 * arrived at level 1, and nothing on the order remembered it, so a Sheba given at level 0 could
 * reach staff unasked. `payments.sheba_owner_checked_at` is when the order's current Sheba passed
 * the owner question for its customer at level 1; null while it has not (or the order has no
 * Sheba). The CHECK keeps a check from outliving the Sheba it was for being taken off. Existing
 * orders start unchecked: `npm run payouts:unchecked` lists those with a Sheba.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.timestamp('sheba_owner_checked_at', { useTz: true }).nullable()
  })
  await knex.raw(`ALTER TABLE payments
    ADD CONSTRAINT payments_sheba_owner_checked_check
    CHECK (sheba_owner_checked_at IS NULL OR sheba IS NOT NULL)`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_sheba_owner_checked_check')
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('sheba_owner_checked_at')
  })
}
