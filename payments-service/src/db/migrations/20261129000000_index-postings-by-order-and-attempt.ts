/**
 * Why: the ledger's questions are asked per order and per bank attempt across every account
 * ("what does order 42 hold", "where is attempt 7's money": the customer's money-back box, the
 * staff's money-to-return list, the invariant check). The first indexes lead with the account,
 * so those questions scanned every posting: the model-based test's checks slowed down with each
 * sequence. These two answer them from the index alone.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE INDEX postings_by_order_idx ON postings (order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX postings_by_attempt_idx ON postings (gateway_tx_id) WHERE gateway_tx_id IS NOT NULL;
  `)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX postings_by_order_idx;
    DROP INDEX postings_by_attempt_idx;
  `)
}
