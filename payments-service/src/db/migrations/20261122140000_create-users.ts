/**
 * Why: identity lives in payments-service, which owns the users as it owns their orders. People
 * sign up with a phone number, so the phone is the natural unique key; the username defaults to it.
 * Staff roles arrive with the admin screens but the column exists now so tokens can carry a role
 * from day one, and `blocked_at` lets support lock an account without deleting its history.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id').primary()
    t.string('phone', 11).notNullable().unique({ indexName: 'users_phone_unique' })
    t.string('username', 150).notNullable().unique({ indexName: 'users_username_unique' })
    t.string('email', 254).nullable()
    t.text('password_hash').notNullable()
    t.text('role').notNullable().defaultTo('customer')
    t.timestamp('blocked_at', { useTz: true }).nullable()
    t.timestamp('password_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('last_login_at', { useTz: true }).nullable()
    t.timestamps(true, true)
  })
  await knex.raw(`
    ALTER TABLE users
      ADD CONSTRAINT users_phone_format CHECK (phone ~ '^09[0-9]{9}$'),
      ADD CONSTRAINT users_role_valid CHECK (role IN ('customer', 'support', 'admin'))
  `)
  // Email is optional and compared case-insensitively, so uniqueness is on lower(email).
  await knex.raw(
    'CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE email IS NOT NULL',
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users')
}
