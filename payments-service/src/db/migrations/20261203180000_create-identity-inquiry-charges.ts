/**
 * Why: ADR 030. Every question sent to the identity provider is paid for, and nothing capped how
 * many a customer, or a script behind one address, could make us send in a day.
 * `identity_inquiry_charges` holds one row per question we send (or are about to send): whose,
 * from which client address (null for background work), which kind, when. The daily caps count
 * these rows under advisory locks and insert the new one in the same transaction, before the
 * provider is asked, so a question still waiting for its answer already counts. Answers reused
 * from `identity_inquiries` cost nothing and have no row here. Rows are deleted after a week
 * (the caps only read today's).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identity_inquiry_charges', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('client_ip', 64).nullable()
    t.string('kind', 32).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.index(['user_id', 'created_at'], 'identity_inquiry_charges_user_idx')
    t.index(['client_ip', 'created_at'], 'identity_inquiry_charges_ip_idx')
    t.index(['created_at'], 'identity_inquiry_charges_created_idx')
  })
  await knex.raw(`ALTER TABLE identity_inquiry_charges
    ADD CONSTRAINT identity_inquiry_charges_kind_check CHECK (kind IN
      ('mobile_national_code','card_owner','sheba_owner'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('identity_inquiry_charges')
}
