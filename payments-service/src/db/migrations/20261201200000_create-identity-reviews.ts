/**
 * Why: identity level 2, documents reviewed by staff (ADR 025).
 * - `identity_reviews`: one request per attempt. `collecting` while the customer uploads, then
 *   `pending` once both kinds are in, then `approved` or `rejected` (with the reason) by a staff
 *   member. At most one open request (collecting or pending) per customer; a rejected customer
 *   starts a new one, and the old one stays as the record of the decision.
 * - `identity_documents`: the photos. The object store holds them sealed (AES-256-GCM); the row
 *   names the key that sealed them. Never deleted with a rejection: AML record-keeping keeps
 *   them for IDENTITY_DOCUMENT_RETENTION_DAYS after the account closes.
 * - `identity_review_audit`: who did what and when: submitted, approved, rejected (with reason),
 *   and every time a staff member opened a document (`document_revealed`).
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identity_reviews', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('status', 16).notNullable()
    t.string('reason', 500).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('submitted_at', { useTz: true }).nullable()
    t.timestamp('decided_at', { useTz: true }).nullable()
    t.bigInteger('decided_by_user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
    t.index(['user_id', 'created_at'], 'identity_reviews_user_idx')
  })
  await knex.raw(`ALTER TABLE identity_reviews
    ADD CONSTRAINT identity_reviews_status_check CHECK (status IN
      ('collecting','pending','approved','rejected')),
    ADD CONSTRAINT identity_reviews_submitted_check CHECK ((status = 'collecting') = (submitted_at IS NULL)),
    ADD CONSTRAINT identity_reviews_decided_check CHECK ((status IN ('approved','rejected')) = (decided_at IS NOT NULL)),
    ADD CONSTRAINT identity_reviews_reason_check CHECK ((status = 'rejected') = (reason IS NOT NULL))`)
  await knex.raw(`CREATE UNIQUE INDEX identity_reviews_one_open ON identity_reviews (user_id)
    WHERE status IN ('collecting','pending')`)
  // The staff queue: pending first-come first-served.
  await knex.raw(
    'CREATE INDEX identity_reviews_status_idx ON identity_reviews (status, submitted_at, id)',
  )

  await knex.schema.createTable('identity_documents', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('review_id')
      .notNullable()
      .references('id')
      .inTable('identity_reviews')
      .onDelete('CASCADE')
      .index('identity_documents_review_idx')
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('kind', 16).notNullable()
    t.string('storage_key', 200)
      .notNullable()
      .unique({ indexName: 'identity_documents_key_unique' })
    t.string('content_type', 32).notNullable()
    t.integer('size_bytes').notNullable()
    t.string('key_id', 32).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE identity_documents
    ADD CONSTRAINT identity_documents_kind_check CHECK (kind IN ('national_card','selfie')),
    ADD CONSTRAINT identity_documents_size_check CHECK (size_bytes > 0)`)

  await knex.schema.createTable('identity_review_audit', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('review_id')
      .notNullable()
      .references('id')
      .inTable('identity_reviews')
      .onDelete('CASCADE')
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('action', 24).notNullable()
    t.bigInteger('actor_user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.bigInteger('document_id')
      .nullable()
      .references('id')
      .inTable('identity_documents')
      .onDelete('SET NULL')
    t.string('reason', 500).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['user_id', 'created_at'], 'identity_review_audit_user_idx')
    t.index(['review_id', 'created_at'], 'identity_review_audit_review_idx')
  })
  await knex.raw(`ALTER TABLE identity_review_audit
    ADD CONSTRAINT identity_review_audit_action_check CHECK (action IN
      ('submitted','approved','rejected','document_revealed')),
    ADD CONSTRAINT identity_review_audit_document_check CHECK
      (action = 'document_revealed' OR document_id IS NULL)`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('identity_review_audit')
  await knex.schema.dropTable('identity_documents')
  await knex.schema.dropTable('identity_reviews')
}
