/**
 * Why: orders need papers beside them — a cash-out's proof of the foreign funds, an exam's
 * registration page, a receipt staff attach. The bytes live in the attachment storage
 * (local disk or S3, src/storage) under a random key; this table knows which order a file
 * belongs to, who sent it, its cleaned-up name, the type detected from its bytes and its
 * size. Rows go with their order only if an order is ever deleted (they are not today).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_documents', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('payment_id')
      .notNullable()
      .references('id')
      .inTable('payments')
      .onDelete('CASCADE')
    t.bigInteger('uploaded_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.string('storage_key', 200)
      .notNullable()
      .unique({ indexName: 'payment_documents_storage_key_unique' })
    t.string('file_name', 150).notNullable()
    t.string('content_type', 64).notNullable()
    t.integer('size_bytes').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['payment_id', 'id'], 'payment_documents_payment_idx')
  })
  await knex.raw(`
    ALTER TABLE payment_documents
      ADD CONSTRAINT payment_documents_type_allowed CHECK (content_type IN
        ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
      ADD CONSTRAINT payment_documents_size_range CHECK (size_bytes > 0 AND size_bytes <= 10485760)
  `)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_documents')
}
