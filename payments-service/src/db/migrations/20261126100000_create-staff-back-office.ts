/**
 * Why: the staff back office (ADR 008, ADR 009).
 * - `payment_type_settings`: fees and order limits become editable by admins instead of code
 *   constants; seeded with the values the catalogue had. Labels, `needs_credentials` and the
 *   direction stay in code (validation and web depend on them). A type without a row falls
 *   back to the catalogue's defaults, so an empty table never stops orders.
 * - `payment_type_changes`: who changed which fee or limit, from what to what (audit).
 * - `refunds`: money going back to a customer after a paid order was rejected: either the bank
 *   reversed it at once, or staff must pay it by hand (pending until settled with a reference).
 * - `user_audit`: blocks, unblocks and support-role changes, with who did it and why.
 * - `payments.credentials_wiped_at`: site passwords are deleted a retention period after the
 *   order ended; the timestamp tells staff why there is nothing to reveal.
 * - Indexes for the staff queue (stage, created_at) and the dashboard's paid volume (paid_at).
 */
import type { Knex } from 'knex'

const SEED = [
  { payment_type: 'topup', fee_bps: 300, fee_fixed_irr: 0 },
  { payment_type: 'exams', fee_bps: 200, fee_fixed_irr: 500_000 },
  { payment_type: 'payout', fee_bps: 250, fee_fixed_irr: 0 },
  { payment_type: 'subscriptions', fee_bps: 400, fee_fixed_irr: 200_000 },
  { payment_type: 'visa', fee_bps: 300, fee_fixed_irr: 1_000_000 },
  { payment_type: 'cloud', fee_bps: 400, fee_fixed_irr: 0 },
  { payment_type: 'domain', fee_bps: 400, fee_fixed_irr: 200_000 },
  { payment_type: 'ads', fee_bps: 500, fee_fixed_irr: 0 },
]

const TYPES = "'topup','exams','payout','subscriptions','visa','cloud','domain','ads'"

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_type_settings', (t) => {
    t.string('payment_type', 32).primary()
    t.integer('fee_bps').notNullable()
    t.bigInteger('fee_fixed_irr').notNullable()
    t.integer('min_amount').notNullable()
    t.integer('max_amount').notNullable()
    t.bigInteger('updated_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE payment_type_settings
    ADD CONSTRAINT payment_type_settings_type_check CHECK (payment_type IN (${TYPES})),
    ADD CONSTRAINT payment_type_settings_fee_check CHECK (fee_bps BETWEEN 0 AND 5000
      AND fee_fixed_irr >= 0),
    ADD CONSTRAINT payment_type_settings_limits_check CHECK (min_amount >= 1
      AND max_amount >= min_amount)`)
  await knex('payment_type_settings').insert(
    SEED.map((row) => ({ ...row, min_amount: 50, max_amount: 10_000 })),
  )

  await knex.schema.createTable('payment_type_changes', (t) => {
    t.bigIncrements('id').primary()
    t.string('payment_type', 32).notNullable()
    t.jsonb('old').notNullable()
    t.jsonb('new').notNullable()
    t.bigInteger('changed_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.string('note', 500).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['payment_type', 'created_at'], 'payment_type_changes_type_idx')
  })

  await knex.schema.createTable('refunds', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('payment_id')
      .notNullable()
      .references('id')
      .inTable('payments')
      .onDelete('CASCADE')
      .index('refunds_payment_idx')
    t.bigInteger('amount_irr').notNullable()
    t.string('method', 16).notNullable()
    t.string('status', 16).notNullable()
    t.string('reference', 100).nullable()
    t.bigInteger('created_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.bigInteger('settled_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('settled_at', { useTz: true }).nullable()
  })
  await knex.raw(`ALTER TABLE refunds
    ADD CONSTRAINT refunds_method_check CHECK (method IN ('gateway_reverse', 'manual')),
    ADD CONSTRAINT refunds_status_check CHECK (status IN ('done', 'pending')),
    ADD CONSTRAINT refunds_amount_check CHECK (amount_irr >= 0),
    ADD CONSTRAINT refunds_settled_check CHECK ((status = 'done') = (settled_at IS NOT NULL))`)

  await knex.schema.createTable('user_audit', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('action', 32).notNullable()
    t.bigInteger('actor_user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('note', 500).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['user_id', 'created_at'], 'user_audit_user_idx')
  })
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN ('block', 'unblock', 'grant_support', 'revoke_support'))`)

  await knex.schema.alterTable('payments', (t) => {
    t.timestamp('credentials_wiped_at', { useTz: true }).nullable()
    t.index(['stage', 'created_at'], 'payments_stage_created_idx')
    t.index(['paid_at'], 'payments_paid_at_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropIndex([], 'payments_paid_at_idx')
    t.dropIndex([], 'payments_stage_created_idx')
    t.dropColumn('credentials_wiped_at')
  })
  await knex.schema.dropTable('user_audit')
  await knex.schema.dropTable('refunds')
  await knex.schema.dropTable('payment_type_changes')
  await knex.schema.dropTable('payment_type_settings')
}
