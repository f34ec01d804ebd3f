/**
 * Why: one-time codes and their limits must be shared by every instance of the service, so they
 * live in PostgreSQL rather than in memory. A row is one code sent (or pretended to be sent, see
 * `delivered`) to a phone; counting rows per phone or per client IP over the last hour is the
 * send limit, and `attempts` caps wrong guesses per code. The code itself is not stored: it is
 * derived from `nonce` with a server-side key, so a database dump alone reveals no codes.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('otp_challenges', (t) => {
    t.bigIncrements('id').primary()
    t.string('phone', 11).notNullable()
    t.text('purpose').notNullable()
    t.text('nonce').notNullable()
    t.boolean('delivered').notNullable()
    t.string('client_ip', 64).nullable()
    t.smallint('attempts').notNullable().defaultTo(0)
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('consumed_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['phone', 'purpose', 'created_at'], 'otp_challenges_phone_purpose_idx')
    t.index(['phone', 'created_at'], 'otp_challenges_phone_created_idx')
    t.index(['client_ip', 'created_at'], 'otp_challenges_ip_created_idx')
  })
  await knex.raw(`
    ALTER TABLE otp_challenges
      ADD CONSTRAINT otp_challenges_purpose_valid CHECK (purpose IN ('register', 'reset')),
      ADD CONSTRAINT otp_challenges_attempts_valid CHECK (attempts >= 0)
  `)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('otp_challenges')
}
