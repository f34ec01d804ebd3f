/**
 * Why: a 4-digit code with 5 guesses per code and a new code after each failure lets a script
 * try ~600 codes per phone per day. The guesses are counted across codes, per phone
 * and per client IP, in PostgreSQL so that every instance shares them: a row of `otp_failures`
 * is one wrong code. When a phone's failures reach their budget, a row of `otp_locks` locks its
 * OTP flows (register, reset) until `locked_until`; one row is one lock, so its one SMS to the
 * owner is sent when the row is written. The periodic clean-up deletes rows no rule reads.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('otp_failures', (t) => {
    t.bigIncrements('id').primary()
    t.string('phone', 11).notNullable()
    t.string('client_ip', 64).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['phone', 'created_at'], 'otp_failures_phone_created_idx')
    t.index(['client_ip', 'created_at'], 'otp_failures_ip_created_idx')
  })
  await knex.schema.createTable('otp_locks', (t) => {
    t.bigIncrements('id').primary()
    t.string('phone', 11).notNullable()
    t.integer('failures').notNullable()
    t.timestamp('locked_until', { useTz: true }).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['phone', 'locked_until'], 'otp_locks_phone_until_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('otp_locks')
  await knex.schema.dropTable('otp_failures')
}
