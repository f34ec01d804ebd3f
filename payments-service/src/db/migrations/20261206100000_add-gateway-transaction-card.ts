/**
 * Why: from identity level 1 a bank attempt accepts one of the customer's cards only, and a
 * customer whose other card was refused at the bank must be told which card the attempt
 * expected. The hash sent to the bank cannot say that; the card's row can (bank and mask).
 * `gateway_transactions.card_id` is that card, null at level 0 (any card pays) and for attempts
 * older than this column. A removed card keeps its row, so the reference never dangles. Added
 * empty: older pods ignore the column, so a rolling deploy is safe.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.integer('card_id').nullable().references('id').inTable('customer_cards')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.dropColumn('card_id')
  })
}
