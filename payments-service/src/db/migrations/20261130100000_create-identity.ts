/**
 * Why: identity levels (ADR 022).
 * - `identity_levels`: the limits of each level (per order, per Tehran day, per Jalali month), in
 *   rials, set by admins. Seeded with the defaults of `modules/identity/levels.ts`; a level
 *   without a row falls back to those defaults, so an emptied table never stops orders.
 * - `identity_level_changes`: who changed which level's limits, from what to what (audit).
 * - `customer_identities`: a customer's verified identity (level 1 and up). The national code is
 *   unique: one account per person, so limits cannot be split across phones.
 * - `identity_inquiries`: every question put to the inquiry provider (they cost money), with the
 *   time, an HMAC of the input (never the national code itself) and the answer, so that the same
 *   question answered recently is not asked again.
 */
import type { Knex } from 'knex'

// The defaults of modules/identity/levels.ts as they were when this ran (a migration does not
// follow later changes of the code).
const SEED = [
  {
    level: 0,
    per_order_irr: 1_000_000_000,
    per_day_irr: 2_000_000_000,
    per_month_irr: 5_000_000_000,
  },
  {
    level: 1,
    per_order_irr: 5_000_000_000,
    per_day_irr: 10_000_000_000,
    per_month_irr: 30_000_000_000,
  },
  {
    level: 2,
    per_order_irr: 20_000_000_000,
    per_day_irr: 50_000_000_000,
    per_month_irr: 200_000_000_000,
  },
]

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identity_levels', (t) => {
    t.smallint('level').primary()
    t.bigInteger('per_order_irr').notNullable()
    t.bigInteger('per_day_irr').notNullable()
    t.bigInteger('per_month_irr').notNullable()
    t.bigInteger('updated_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE identity_levels
    ADD CONSTRAINT identity_levels_level_check CHECK (level BETWEEN 0 AND 2),
    ADD CONSTRAINT identity_levels_limits_check CHECK (per_order_irr > 0
      AND per_day_irr >= per_order_irr AND per_month_irr >= per_day_irr)`)
  await knex('identity_levels').insert(SEED)

  await knex.schema.createTable('identity_level_changes', (t) => {
    t.bigIncrements('id').primary()
    t.jsonb('old').notNullable()
    t.jsonb('new').notNullable()
    t.bigInteger('changed_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  await knex.schema.createTable('customer_identities', (t) => {
    t.bigInteger('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
    t.smallint('level').notNullable()
    t.string('first_name', 50).notNullable()
    t.string('last_name', 50).notNullable()
    t.string('national_code', 10).notNullable()
    /** Jalali, as the customer gave it (YYYY/MM/DD). */
    t.string('birth_date_jalali', 10).notNullable()
    t.date('birth_date').notNullable()
    t.timestamp('level1_at', { useTz: true }).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['national_code'], { indexName: 'customer_identities_national_code_key' })
  })
  await knex.raw(`ALTER TABLE customer_identities
    ADD CONSTRAINT customer_identities_level_check CHECK (level BETWEEN 1 AND 2),
    ADD CONSTRAINT customer_identities_national_code_check CHECK (national_code ~ '^[0-9]{10}$')`)

  await knex.schema.createTable('identity_inquiries', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('kind', 32).notNullable()
    t.string('provider', 16).notNullable()
    t.string('input_hash', 64).notNullable()
    t.string('result', 16).notNullable()
    t.integer('duration_ms').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['input_hash', 'kind', 'created_at'], 'identity_inquiries_input_idx')
    t.index(['user_id', 'created_at'], 'identity_inquiries_user_idx')
  })
  await knex.raw(`ALTER TABLE identity_inquiries
    ADD CONSTRAINT identity_inquiries_kind_check CHECK (kind IN
      ('mobile_national_code','card_owner','sheba_owner')),
    ADD CONSTRAINT identity_inquiries_result_check CHECK (result IN
      ('matched','mismatched','timeout','unavailable'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('identity_inquiries')
  await knex.schema.dropTable('customer_identities')
  await knex.schema.dropTable('identity_level_changes')
  await knex.schema.dropTable('identity_levels')
}
