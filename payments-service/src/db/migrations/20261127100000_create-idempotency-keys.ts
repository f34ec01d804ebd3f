/**
 * Why: a customer's browser or web's action may send the same order twice (double click, a
 * retry after a timeout). The client names each intended operation with an `Idempotency-Key`;
 * this table remembers, per customer and operation, the key, a hash of the request it came
 * with, and the answer (the order created, or the gateway token handed out), so a repeat gets
 * the same answer instead of a second order. Rows live 24 hours (`expires_at`), then the
 * reconciliation job deletes them.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    // The operation: `payments_create`, or `payments_start:<order id>`.
    t.string('scope', 64).notNullable()
    t.string('key', 128).notNullable()
    t.string('request_hash', 64).notNullable()
    t.string('state', 16).notNullable().defaultTo('in_progress')
    t.jsonb('response').nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.unique(['user_id', 'scope', 'key'], { indexName: 'idempotency_keys_unique' })
    t.index(['expires_at'], 'idempotency_keys_expires_idx')
  })
  await knex.raw(`ALTER TABLE idempotency_keys
    ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('in_progress','completed'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys')
}
