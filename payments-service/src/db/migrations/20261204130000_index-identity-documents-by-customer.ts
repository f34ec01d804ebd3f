/**
 * Why: a customer's identity uploads are capped per hour and per open request, and the cap is
 * counted on every upload; without this index each count read the whole table.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_documents', (t) => {
    t.index(['user_id', 'created_at'], 'identity_documents_user_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_documents', (t) => {
    t.dropIndex(['user_id', 'created_at'], 'identity_documents_user_idx')
  })
}
