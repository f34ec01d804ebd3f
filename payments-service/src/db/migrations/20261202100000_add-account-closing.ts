/**
 * Why: ADR 025 (retention). An admin closes a customer's account when the customer
 * asks (a ticket). `users.closed_at` is the moment it closed; who closed it and why is a `close`
 * row of `user_audit`, as blocks are. A closed account is blocked for good (the CHECK: closed
 * implies blocked), so login, refresh and access tokens refuse it with no code of their own.
 * IDENTITY_DOCUMENT_RETENTION_DAYS after `closed_at` the purge deletes the identity documents;
 * the partial index keeps its look for such accounts cheap (almost every row is open).
 * `identity_review_audit.document_id` is already ON DELETE SET NULL: the audit rows stay.
 */
import type { Knex } from 'knex'

const OLD_ACTIONS = `'block', 'unblock', 'grant_support', 'revoke_support', 'second_factor_enrolled', 'recovery_code_used'`
const NEW_ACTIONS = `${OLD_ACTIONS}, 'close'`

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('closed_at', { useTz: true }).nullable()
  })
  await knex.raw(`ALTER TABLE users
    ADD CONSTRAINT users_closed_is_blocked_check CHECK (closed_at IS NULL OR blocked_at IS NOT NULL)`)
  await knex.raw(
    'CREATE INDEX users_closed_at_idx ON users (closed_at) WHERE closed_at IS NOT NULL',
  )
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${NEW_ACTIONS}))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex('user_audit').where({ action: 'close' }).delete()
  await knex.raw(`ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check`)
  await knex.raw(`ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check
    CHECK (action IN (${OLD_ACTIONS}))`)
  await knex.raw('DROP INDEX users_closed_at_idx')
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_closed_is_blocked_check')
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('closed_at')
  })
}
