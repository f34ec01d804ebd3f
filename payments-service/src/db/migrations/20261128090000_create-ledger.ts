/**
 * Why: a double-entry ledger (ADR 014) so that every rial the bank captured is,
 * at every moment, in exactly one account: unconfirmed, on a paid order, fulfilled, on its way
 * back, returned, or in suspense with a reason. The database itself refuses an unbalanced entry
 * (checked at COMMIT), a posting added to an entry of an earlier transaction, and any UPDATE,
 * DELETE or TRUNCATE of the journal: a correction is a new entry.
 *
 * The same migration gives the settlement its steps (bank calls outside transactions):
 * - `gateway_transactions` keeps what the callback said before any bank call (`callback_*`),
 *   and gains the statuses `verifying` (reference claimed, verify sent or its outcome unknown),
 *   `suspense` (captured, not on a paid order), `reversing` (reversal requested of the bank);
 *   `return_block` says why a suspense item is left to staff instead of being reversed.
 * - `refunds` records every return, automatic or by staff: `requested` (bank call in flight),
 *   `refused`, plus the attempt and the reason.
 */
import type { Knex } from 'knex'

export const LEDGER_ACCOUNTS = [
  [1, 'psp_receivable', 'asset', 'debit', false],
  [2, 'psp_unconfirmed', 'asset', 'debit', false],
  [3, 'bank', 'asset', 'debit', true],
  [4, 'fx_desk', 'clearing', 'debit', true],
  [5, 'order_funds', 'liability', 'credit', false],
  [6, 'suspense', 'liability', 'credit', false],
  [7, 'unconfirmed', 'liability', 'credit', false],
  [8, 'outgoing', 'liability', 'credit', false],
  [9, 'payout_payable', 'liability', 'credit', false],
  [10, 'fees', 'income', 'credit', false],
  [11, 'psp_charges', 'expense', 'debit', false],
  [12, 'adjustments', 'expense', 'debit', false],
  [13, 'equity', 'equity', 'credit', true],
] as const

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE ledger_accounts (
      id smallint PRIMARY KEY,
      code text UNIQUE NOT NULL,
      kind text NOT NULL,
      normal_side text NOT NULL CHECK (normal_side IN ('debit', 'credit')),
      currency char(3) NOT NULL DEFAULT 'IRR',
      may_go_negative boolean NOT NULL DEFAULT false,
      UNIQUE (id, currency)
    );
    CREATE TABLE journal_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      idempotency_key text UNIQUE NOT NULL,
      content_hash text NOT NULL,
      event_type text NOT NULL,
      event_ref text NOT NULL,
      effective_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL,
      corrects_entry_id bigint REFERENCES journal_entries,
      created_xact xid8 NOT NULL DEFAULT pg_current_xact_id()
    );
    CREATE TABLE postings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      entry_id bigint NOT NULL REFERENCES journal_entries,
      account_id smallint NOT NULL,
      currency char(3) NOT NULL DEFAULT 'IRR',
      amount bigint NOT NULL CHECK (amount <> 0),
      order_id bigint,
      gateway_tx_id bigint,
      refund_id bigint,
      reason text,
      FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
    );
    CREATE INDEX postings_entry_idx ON postings (entry_id);
    CREATE INDEX postings_order_idx ON postings (account_id, order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX postings_gtx_idx ON postings (account_id, gateway_tx_id)
      WHERE gateway_tx_id IS NOT NULL;
    CREATE INDEX journal_entries_effective_idx ON journal_entries (effective_at);

    CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      entry bigint;
      legs int;
      unbalanced int;
    BEGIN
      -- Each branch is planned only when taken: NEW has entry_id on postings, id on entries.
      IF TG_TABLE_NAME = 'postings' THEN entry := NEW.entry_id; ELSE entry := NEW.id; END IF;
      SELECT count(*) INTO legs FROM postings WHERE entry_id = entry;
      IF legs < 2 THEN
        RAISE EXCEPTION 'ledger: entry % has % posting(s), needs at least 2', entry, legs;
      END IF;
      SELECT count(*) INTO unbalanced FROM (
        SELECT currency FROM postings WHERE entry_id = entry
         GROUP BY currency HAVING sum(amount) <> 0) AS off;
      IF unbalanced > 0 THEN
        RAISE EXCEPTION 'ledger: entry % does not sum to zero', entry;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
    CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

    CREATE FUNCTION ledger_entry_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM journal_entries
                      WHERE id = NEW.entry_id AND created_xact = pg_current_xact_id()) THEN
        RAISE EXCEPTION 'ledger: entry % is closed; post a correcting entry', NEW.entry_id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER postings_entry_open BEFORE INSERT ON postings
      FOR EACH ROW EXECUTE FUNCTION ledger_entry_open();

    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger: % is append-only (% refused)', TG_TABLE_NAME, TG_OP;
    END $$;
    CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    -- Tests empty their database between cases with session_replication_role = replica,
    -- under which (superuser only) these triggers stay silent.
    CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
  `)
  await knex('ledger_accounts').insert(
    LEDGER_ACCOUNTS.map(([id, code, kind, normal_side, may_go_negative]) => ({
      id,
      code,
      kind,
      normal_side,
      may_go_negative,
    })),
  )

  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.string('callback_ref_num', 128).nullable()
    t.string('callback_state', 64).nullable()
    t.timestamp('callback_at', { useTz: true }).nullable()
    t.integer('verify_tries').notNullable().defaultTo(0)
    t.string('return_block', 32).nullable()
  })
  await knex.raw(`ALTER TABLE gateway_transactions
    DROP CONSTRAINT gateway_transactions_status_check,
    ADD CONSTRAINT gateway_transactions_status_check CHECK (status IN
      ('created','token_created','verifying','verified','suspense','reversing','failed',
       'reversed'))`)
  await knex.schema.alterTable('refunds', (t) => {
    t.bigInteger('gateway_tx_id')
      .nullable()
      .references('id')
      .inTable('gateway_transactions')
      .onDelete('SET NULL')
    t.string('reason', 64).nullable()
  })
  await knex.raw(`ALTER TABLE refunds
    DROP CONSTRAINT refunds_status_check,
    ADD CONSTRAINT refunds_status_check CHECK (status IN ('requested','done','pending','refused'))`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check,
    ADD CONSTRAINT refunds_status_check CHECK (status IN ('done', 'pending'))`)
  await knex.schema.alterTable('refunds', (t) => {
    t.dropColumn('gateway_tx_id')
    t.dropColumn('reason')
  })
  await knex.raw(`ALTER TABLE gateway_transactions
    DROP CONSTRAINT gateway_transactions_status_check,
    ADD CONSTRAINT gateway_transactions_status_check CHECK (status IN
      ('created','token_created','verified','failed','reversed'))`)
  await knex.schema.alterTable('gateway_transactions', (t) => {
    t.dropColumn('callback_ref_num')
    t.dropColumn('callback_state')
    t.dropColumn('callback_at')
    t.dropColumn('verify_tries')
    t.dropColumn('return_block')
  })
  await knex.raw(`DROP TABLE postings; DROP TABLE journal_entries; DROP TABLE ledger_accounts;
    DROP FUNCTION ledger_entry_balanced(); DROP FUNCTION ledger_entry_open();
    DROP FUNCTION ledger_append_only();`)
}
