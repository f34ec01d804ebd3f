/**
 * Why: the customer's order (docs/product/orders.md). Money is integers: the foreign amount in
 * minor units, every rial figure in bigint, and the rate, fee and total locked at creation until
 * `rate_locked_until`. `stage` is the state machine (modules/orders/state-machine.ts); `status` is
 * derived from it by the database itself, so the two can never disagree. `site_password` is stored
 * only as AES-256-GCM ciphertext with the id of the key that sealed it (rotation).
 */
import type { Knex } from 'knex'

const STAGES = [
  'awaiting_payment',
  'paid',
  'in_progress',
  'done',
  'payment_failed',
  'expired',
  'rejected',
  'cancelled',
  'refunded',
]

const TYPES = ['topup', 'exams', 'payout', 'subscriptions', 'visa', 'cloud', 'domain', 'ads']

const list = (values: string[]) => values.map((value) => `'${value}'`).join(',')

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
    t.string('payment_type', 32).notNullable()
    t.string('stage', 32).notNullable().defaultTo('awaiting_payment')
    t.string('site_url', 2048).notNullable()
    t.string('site_username', 150).nullable()
    t.binary('site_password_enc').nullable()
    t.string('site_password_key_id', 32).nullable()
    t.bigInteger('amount_minor').notNullable()
    t.string('currency', 3).notNullable()
    t.bigInteger('rate_irr').notNullable()
    t.bigInteger('subtotal_irr').notNullable()
    t.bigInteger('fee_irr').notNullable()
    t.bigInteger('amount_irr').notNullable()
    t.timestamp('rate_locked_until', { useTz: true }).notNullable()
    t.text('description').nullable()
    t.jsonb('meta').notNullable().defaultTo('{}')
    t.string('sheba', 26).nullable()
    t.timestamp('paid_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['user_id', 'created_at'], 'payments_user_created_idx')
  })
  await knex.raw(`ALTER TABLE payments
    ADD COLUMN status varchar(16) GENERATED ALWAYS AS (CASE
      WHEN stage = 'awaiting_payment' THEN 'pending'
      WHEN stage IN ('paid','in_progress') THEN 'processing'
      WHEN stage = 'done' THEN 'completed'
      ELSE 'failed' END) STORED,
    ADD CONSTRAINT payments_stage_check CHECK (stage IN (${list(STAGES)})),
    ADD CONSTRAINT payments_type_check CHECK (payment_type IN (${list(TYPES)})),
    ADD CONSTRAINT payments_currency_check CHECK (currency IN ('USD','EUR','GBP')),
    ADD CONSTRAINT payments_amount_check CHECK (amount_minor > 0 AND rate_irr > 0
      AND subtotal_irr >= 0 AND fee_irr >= 0 AND amount_irr >= 0),
    ADD CONSTRAINT payments_password_key_check CHECK (
      (site_password_enc IS NULL) = (site_password_key_id IS NULL))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payments')
}
