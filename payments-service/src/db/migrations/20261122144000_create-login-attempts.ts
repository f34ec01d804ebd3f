/**
 * Why: password login needs brute-force limits that every instance of the service shares, so the
 * failures are counted in PostgreSQL, like OTP sends. Only failed sign-ins are kept: a row is one
 * failure counted against one key, either an account (`scope = 'account'`, `key` = a normalised
 * phone or username the request named; one row per name) or the client IP (`scope = 'ip'`).
 * Keys are what the request said, not a user id, so counting never looks the account up and
 * behaves the same for phones that have no account. A successful login deletes its account's
 * rows and leaves the IP's; the periodic clean-up deletes rows older than the window.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id').primary()
    t.text('scope').notNullable()
    t.text('key').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['scope', 'key', 'created_at'], 'login_attempts_scope_key_created_idx')
    t.index(['created_at'], 'login_attempts_created_idx')
  })
  await knex.raw(`
    ALTER TABLE login_attempts
      ADD CONSTRAINT login_attempts_scope_valid CHECK (scope IN ('account', 'ip')),
      ADD CONSTRAINT login_attempts_key_length CHECK (char_length(key) BETWEEN 1 AND 150)
  `)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts')
}
