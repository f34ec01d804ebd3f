/**
 * Why: support answers the same questions many times ("prepared messages, pinned prepared
 * messages", docs/product/staff.md). Canned replies are shared by all staff; `pinned_at` both marks
 * a pinned reply and orders the pinned ones (most recently pinned first), so pin/unpin is one
 * column. Authors are kept for the record but a staff account may be removed without losing the
 * replies.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prepared_messages', (t) => {
    t.bigIncrements('id').primary()
    t.string('title', 100).notNullable()
    t.text('content').notNullable()
    t.timestamp('pinned_at', { useTz: true }).nullable()
    t.bigInteger('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.bigInteger('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamps(true, true)
  })
  await knex.raw(`
    ALTER TABLE prepared_messages
      ADD CONSTRAINT prepared_messages_title_not_blank CHECK (btrim(title) <> ''),
      ADD CONSTRAINT prepared_messages_content_length
        CHECK (btrim(content) <> '' AND char_length(content) <= 5000)
  `)
  await knex.raw(
    'CREATE INDEX prepared_messages_order ON prepared_messages ((pinned_at IS NULL), pinned_at DESC, updated_at DESC)',
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('prepared_messages')
}
