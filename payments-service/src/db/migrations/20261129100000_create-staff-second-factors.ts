/**
 * Why: support staff and admins can see customers' orders and move money, so a password alone
 * must not open their account (ADR 015). Each staff member enrols a TOTP authenticator on their
 * first sign-in: `staff_second_factors` holds the secret sealed with the credentials key (AES-GCM,
 * the user id as associated data), `confirmed_at` once a first code proved the authenticator, and
 * `last_time_step`, the newest 30-second step whose code was accepted, so no code is accepted
 * twice. `staff_recovery_codes` holds ten single-use codes per member as SHA-256 digests, each
 * with the time it was used. Enrolment and recovery-code use are audited in `user_audit`.
 */
import type { Knex } from 'knex'

const OLD_ACTIONS = `'block', 'unblock', 'grant_support', 'revoke_support'`
const NEW_ACTIONS = `${OLD_ACTIONS}, 'second_factor_enrolled', 'recovery_code_used'`

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_second_factors', (t) => {
    t.bigInteger('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
    t.binary('secret_ciphertext').notNullable()
    t.string('secret_key_id', 64).notNullable()
    t.bigInteger('last_time_step').nullable()
    t.timestamp('confirmed_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('staff_recovery_codes', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('code_hash', 64).notNullable()
    t.timestamp('used_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['user_id', 'code_hash'], { indexName: 'staff_recovery_codes_user_hash_key' })
  })
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${NEW_ACTIONS}))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex('user_audit')
    .whereIn('action', ['second_factor_enrolled', 'recovery_code_used'])
    .delete()
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${OLD_ACTIONS}))`)
  await knex.schema.dropTable('staff_recovery_codes')
  await knex.schema.dropTable('staff_second_factors')
}
