/**
 * Why: orders lock a rial rate per currency. Staff set the buy rate by inserting a row; rows are
 * never updated, so the table is its own history ("what was the USD rate at 14:05?") and the
 * current rate is the newest row per currency. The seed gives development and tests realistic
 * open-market values (rials, late 1404).
 */
import type { Knex } from 'knex'

const SEED: Array<[string, number]> = [
  ['USD', 1_150_000],
  ['EUR', 1_340_000],
  ['GBP', 1_530_000],
  ['TRY', 27_500],
  ['AED', 313_000],
]

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rates', (t) => {
    t.bigIncrements('id').primary()
    t.string('currency', 3).notNullable()
    t.bigInteger('buy_rate_irr').notNullable()
    t.bigInteger('set_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.text('note').nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['currency', 'created_at', 'id'], 'rates_currency_created_idx')
  })
  await knex.raw(`ALTER TABLE rates
    ADD CONSTRAINT rates_currency_check CHECK (currency IN ('USD','EUR','GBP','TRY','AED')),
    ADD CONSTRAINT rates_positive_check CHECK (buy_rate_irr > 0)`)
  await knex('rates').insert(
    SEED.map(([currency, rate]) => ({ currency, buy_rate_irr: rate, note: 'seed' })),
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rates')
}
