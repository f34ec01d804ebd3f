/**
 * Why: an append-only audit of every change of an order's stage (and of re-quotes): who, when,
 * from, to and why. Each row is written in the same transaction as the change it records, so
 * the timeline and the order cannot disagree.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_events', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('payment_id')
      .notNullable()
      .references('id')
      .inTable('payments')
      .onDelete('CASCADE')
      .index('payment_events_payment_idx')
    t.string('from_stage', 32).nullable()
    t.string('to_stage', 32).notNullable()
    t.string('reason', 64).notNullable()
    t.string('actor', 16).notNullable()
    t.bigInteger('actor_user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.jsonb('data').notNullable().defaultTo('{}')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE payment_events
    ADD CONSTRAINT payment_events_actor_check
      CHECK (actor IN ('customer','staff','gateway','system'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_events')
}
