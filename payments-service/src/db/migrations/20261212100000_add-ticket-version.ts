/**
 * Why: a thread's poll is answered 304 while nothing changed, so the ticket needs a version that
 * moves with every change of its thread, even two in the same millisecond: `version`, raised by
 * each update of the row. Older pods do not raise it during a rolling deploy; the version the API
 * shows also carries `updated_at`, which they still move.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.integer('version').notNullable().defaultTo(0)
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('version')
  })
}
