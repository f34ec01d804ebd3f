/**
 * Why: bank cards the customer owns (ADR 024).
 * - `customer_cards`: a card whose owner inquiry matched the customer's national code. Only the
 *   masked number (`603799******0006`) and the SHA-256 hex of the 16 digits (the form of SEP's
 *   `HashedPan`, compared with the bank's verify answer) are kept, never the number itself.
 *   A removed card keeps its row with `deleted_at` (which cards a customer had, and when, is
 *   AML record); the same card once per customer among the cards not removed.
 * - `gateway_transactions.hashed_pan`: the hashed card of the verify answer, the card that
 *   really paid (the callback's own is posted by the customer's browser and never trusted).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_cards', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('masked_number', 16).notNullable()
    t.string('hashed_pan', 64).notNullable()
    t.string('bank_name', 64).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('deleted_at', { useTz: true }).nullable()
  })
  await knex.raw(`CREATE UNIQUE INDEX customer_cards_user_hash_key
    ON customer_cards (user_id, hashed_pan) WHERE deleted_at IS NULL`)
  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.string('hashed_pan', 128).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.dropColumn('hashed_pan')
  })
  await knex.schema.dropTable('customer_cards')
}
