/**
 * Why: every pod keeps rates and fees in memory, and a quote token promises its price for 15
 * minutes. To honour tokens made from the copy that was current and refuse those made from a
 * copy already out of date (ADR 033), each committed change of a rate, fee or limit gets a
 * catalog version (this table's id, handed out in commit order) and the time it was made.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalog_changes', (t) => {
    t.bigIncrements('id').primary()
    // A rate change names its currency, a fee or limit change its payment type.
    t.string('currency', 3).nullable()
    t.string('payment_type', 32).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.raw(
    `ALTER TABLE catalog_changes ADD CONSTRAINT catalog_changes_one_subject
       CHECK ((currency IS NULL) <> (payment_type IS NULL))`,
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('catalog_changes')
}
