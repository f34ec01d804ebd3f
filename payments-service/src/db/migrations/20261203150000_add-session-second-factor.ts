/**
 * Why: a session (the refresh tokens that descend from one sign-in, `family_id`) records whether
 * that sign-in passed the staff second factor. Rotation copies it into the family's next token,
 * access tokens carry it, and staff powers need it (ADR 029), so a customer's session that was
 * opened with a password alone never turns into a staff session when the account is promoted.
 * Rows from before are `false`: nothing stored says whether they passed it, so staff sign in with
 * their second factor once more after this deploy.
 *
 * Every authenticated request asks whether its session is still open, that is, whether the
 * family still has a token that was neither rotated nor revoked. The partial index holds only
 * those tokens, one per open session, so the answer costs one index probe however many rotated
 * tokens a long session has left behind.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.boolean('second_factor').notNullable().defaultTo(false)
  })
  await knex.raw(`CREATE INDEX refresh_tokens_open_family_idx ON refresh_tokens (family_id)
    WHERE used_at IS NULL AND revoked_at IS NULL`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX refresh_tokens_open_family_idx')
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.dropColumn('second_factor')
  })
}
