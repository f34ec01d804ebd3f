/**
 * Why: the staff audit log (ADR 031). Every staff action (reveals, decisions, role changes, rate changes,
 * refunds, settlements) as one append-only chain. Each row carries the hash of the row before it
 * and its own hash over its content, so an edited, deleted or inserted row breaks the chain at
 * that row; the head is published outside the database so that a rewritten chain is caught too.
 * Appends are serialised by an advisory lock (modules/staff-audit/chain.ts), so the order of ids
 * is the order of the chain.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_audit_log', (t) => {
    t.bigIncrements('id')
    t.timestamp('created_at', { useTz: true }).notNullable()
    // Null when no account acted (an operator's command line). No foreign key: the link's hash
    // covers the id, so it must outlive the account rather than be set to null with it.
    t.integer('actor_user_id').nullable()
    t.string('actor', 32).notNullable()
    t.string('action', 64).notNullable()
    t.string('subject_type', 32).notNullable()
    t.string('subject_id', 64).notNullable()
    t.jsonb('data').notNullable().defaultTo('{}')
    t.string('prev_hash', 64).notNullable()
    t.string('hash', 64).notNullable().unique()
    t.index(['actor_user_id', 'id'])
    t.index(['action', 'id'])
  })
  // Like the ledger: the application only appends. Whoever can switch the trigger off can
  // still edit rows, which is what the chain and its published head are there to catch.
  await knex.raw(`
    CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'staff_audit_log is append-only (% refused)', TG_OP;
    END $$;
    CREATE TRIGGER staff_audit_log_append_only BEFORE UPDATE OR DELETE ON staff_audit_log
      FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
    CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
  `)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('staff_audit_log')
  await knex.raw('DROP FUNCTION staff_audit_append_only()')
}
