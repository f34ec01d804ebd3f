/**
 * Why: one row per payment attempt, written before the browser is sent to the bank
 * (docs/product/domain.md). `res_num` is our unique order id towards the bank; the bank's `ref_num`
 * (the digital receipt) is unique per gateway so one bank payment can settle one order only, even
 * when the bank reports it as verified more than once (SEP double spend).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gateway_transactions', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('payment_id')
      .notNullable()
      .references('id')
      .inTable('payments')
      .onDelete('CASCADE')
      .index('gateway_transactions_payment_idx')
    t.string('gateway', 16).notNullable()
    t.string('res_num', 50)
      .notNullable()
      .unique({ indexName: 'gateway_transactions_res_num_unique' })
    t.string('token', 128).nullable()
    t.bigInteger('amount_irr').notNullable()
    t.string('status', 24).notNullable().defaultTo('created')
    t.string('ref_num', 128).nullable()
    t.string('rrn', 64).nullable()
    t.string('trace_no', 64).nullable()
    t.string('masked_pan', 32).nullable()
    t.string('failure', 64).nullable()
    t.jsonb('raw').notNullable().defaultTo('{}')
    t.timestamp('verified_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['gateway', 'ref_num'], { indexName: 'gateway_transactions_ref_num_unique' })
  })
  await knex.raw(`ALTER TABLE gateway_transactions
    ADD CONSTRAINT gateway_transactions_status_check CHECK (status IN
      ('created','token_created','verified','failed','reversed')),
    ADD CONSTRAINT gateway_transactions_gateway_check CHECK (gateway IN ('sandbox','sep'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('gateway_transactions')
}
