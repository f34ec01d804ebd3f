/**
 * Why: support tickets (docs/product/tickets.md) live in payments-service with the customers
 * they belong to. Categories are a table rather than an enum so support can rename them, and are
 * seeded here in Persian. `last_message_by_staff` is kept on the ticket so "open and waiting for
 * staff" is one indexed condition instead of a scan of messages. Attachments keep only a random
 * storage key and what we detected from the bytes; the customer's file name is stored sanitised
 * and is never used as a path.
 */
import type { Knex } from 'knex'

const CATEGORIES = [
  { slug: 'payment', name: 'پرداخت', position: 1 },
  { slug: 'order', name: 'سفارش', position: 2 },
  { slug: 'account', name: 'حساب کاربری', position: 3 },
  { slug: 'technical', name: 'فنی', position: 4 },
  { slug: 'other', name: 'سایر', position: 5 },
]

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_categories', (t) => {
    t.bigIncrements('id').primary()
    t.string('slug', 32).notNullable().unique({ indexName: 'ticket_categories_slug_unique' })
    t.string('name', 100).notNullable()
    t.integer('position').notNullable().defaultTo(0)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex('ticket_categories').insert(CATEGORIES)

  await knex.schema.createTable('tickets', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
    t.string('title', 200).notNullable()
    t.string('subject', 200).nullable()
    t.bigInteger('category_id')
      .notNullable()
      .references('id')
      .inTable('ticket_categories')
      .onDelete('RESTRICT')
    t.text('status').notNullable().defaultTo('open')
    t.timestamp('closed_at', { useTz: true }).nullable()
    t.timestamp('last_message_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.boolean('last_message_by_staff').notNullable().defaultTo(false)
    t.timestamps(true, true)
  })
  await knex.raw(`
    ALTER TABLE tickets
      ADD CONSTRAINT tickets_status_valid CHECK (status IN ('open', 'closed')),
      ADD CONSTRAINT tickets_closed_at_matches_status CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
      ADD CONSTRAINT tickets_title_not_blank CHECK (btrim(title) <> '')
  `)
  await knex.raw('CREATE INDEX tickets_user_updated ON tickets (user_id, updated_at DESC, id DESC)')
  await knex.raw('CREATE INDEX tickets_staff_queue ON tickets (status, updated_at DESC, id DESC)')

  await knex.schema.createTable('ticket_messages', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.bigInteger('author_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
    t.boolean('is_staff').notNullable().defaultTo(false)
    t.text('content').notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`
    ALTER TABLE ticket_messages
      ADD CONSTRAINT ticket_messages_content_length CHECK (char_length(content) <= 5000)
  `)
  await knex.raw(
    'CREATE INDEX ticket_messages_thread ON ticket_messages (ticket_id, created_at, id)',
  )

  await knex.schema.createTable('ticket_attachments', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('message_id')
      .notNullable()
      .references('id')
      .inTable('ticket_messages')
      .onDelete('CASCADE')
    t.string('storage_key', 200)
      .notNullable()
      .unique({ indexName: 'ticket_attachments_storage_key_unique' })
    t.string('file_name', 150).notNullable()
    t.string('content_type', 64).notNullable()
    t.integer('size_bytes').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`
    ALTER TABLE ticket_attachments
      ADD CONSTRAINT ticket_attachments_type_allowed CHECK (content_type IN
        ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf')),
      ADD CONSTRAINT ticket_attachments_size_range CHECK (size_bytes > 0 AND size_bytes <= 10485760)
  `)
  await knex.raw('CREATE INDEX ticket_attachments_message ON ticket_attachments (message_id)')
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ticket_attachments')
  await knex.schema.dropTable('ticket_messages')
  await knex.schema.dropTable('tickets')
  await knex.schema.dropTable('ticket_categories')
}
