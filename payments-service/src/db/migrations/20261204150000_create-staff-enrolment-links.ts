/**
 * Why: a staff member's second factor was enrolled by whoever first signed in with the account's
 * password: the admin who set it, or anyone who read it on the way. Enrolling now also needs a
 * one-time link an admin (or an operator with create-staff) issued for that account (ADR 035).
 * `staff_enrolment_links` keeps each link as the SHA-256 of its token (the token itself is shown
 * once and never stored), with its expiry, when it was used, and when a newer link of the same
 * account revoked it; `issued_by` is the admin, null for the command line. Issuing is audited in
 * `user_audit` as `enrolment_link_issued`.
 */
import type { Knex } from 'knex'

const OLD_ACTIONS = `'block', 'unblock', 'grant_support', 'revoke_support', 'second_factor_enrolled', 'recovery_code_used', 'close'`
const NEW_ACTIONS = `${OLD_ACTIONS}, 'enrolment_link_issued'`

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_enrolment_links', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('token_hash', 64).notNullable().unique({ indexName: 'staff_enrolment_links_hash_key' })
    t.bigInteger('issued_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('used_at', { useTz: true }).nullable()
    t.timestamp('revoked_at', { useTz: true }).nullable()
    t.index(['user_id'], 'staff_enrolment_links_user_idx')
  })
  await knex.raw(`ALTER TABLE staff_enrolment_links
    ADD CONSTRAINT staff_enrolment_links_once_check CHECK (used_at IS NULL OR revoked_at IS NULL)`)
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${NEW_ACTIONS}))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex('user_audit').where({ action: 'enrolment_link_issued' }).delete()
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${OLD_ACTIONS}))`)
  await knex.schema.dropTable('staff_enrolment_links')
}
