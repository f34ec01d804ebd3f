/**
 * Why: refresh tokens rotate on every use and must be revocable, which a stateless JWT cannot
 * be. Only a SHA-256 of the token is stored, so a database leak yields no usable token. Tokens
 * that descend from one login share `family_id`: when a token that was already rotated comes
 * back (`used_at` set), someone holds a stolen copy, and the whole family is revoked.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('refresh_tokens', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .index('refresh_tokens_user_idx')
    t.uuid('family_id').notNullable().index('refresh_tokens_family_idx')
    t.string('token_hash', 64).notNullable().unique({ indexName: 'refresh_tokens_hash_unique' })
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('used_at', { useTz: true }).nullable()
    t.timestamp('revoked_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('refresh_tokens')
}
