/**
 * Why: rate safety (ADR 013): a staff rate change larger than RATE_CHANGE_CONFIRM_PERCENT must be
 * confirmed, and the audit must show it. Each rate row already records who set it and when; it now
 * also keeps the rate it replaced, the size of the change (basis points of the old rate) and
 * whether the admin confirmed a large change. Seeded and older rows have no previous rate.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rates', (t) => {
    t.bigInteger('previous_buy_rate_irr').nullable()
    t.integer('change_bps').nullable()
    t.boolean('change_confirmed').notNullable().defaultTo(false)
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rates', (t) => {
    t.dropColumn('previous_buy_rate_irr')
    t.dropColumn('change_bps')
    t.dropColumn('change_confirmed')
  })
}
