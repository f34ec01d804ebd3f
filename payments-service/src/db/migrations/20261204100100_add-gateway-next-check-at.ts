/**
 * Why: ADR 032. Reconciliation took open attempts oldest id first, a batch at a time, with no
 * lock: attempts the bank kept calling "pending" filled every batch and starved newer ones, and
 * two instances asked the bank about the same attempt at the same moment. `next_check_at` is
 * when an attempt is next due for a look: a reconciler claims the due ones in a short
 * transaction (`FOR UPDATE SKIP LOCKED`) that pushes it forward, then asks the bank with no lock
 * held. Expand step of a rolling deploy: the column has a default, so the release still running
 * (which never writes it) keeps inserting attempts; open attempts are backfilled to their
 * creation so none waits longer than before. Built without a transaction so the index can be
 * made CONCURRENTLY, each statement safe to run again.
 */
import type { Knex } from 'knex'

export const config = { transaction: false }

const UNSETTLED = `('created', 'token_created', 'verifying', 'suspense', 'reversing')`

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE gateway_transactions
    ADD COLUMN IF NOT EXISTS next_check_at timestamptz NOT NULL DEFAULT now()`)
  await knex.raw(`UPDATE gateway_transactions SET next_check_at = created_at
    WHERE status IN ${UNSETTLED} AND next_check_at > created_at`)
  await knex.raw(`CREATE INDEX CONCURRENTLY IF NOT EXISTS gateway_transactions_next_check_idx
    ON gateway_transactions (gateway, next_check_at) WHERE status IN ${UNSETTLED}`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS gateway_transactions_next_check_idx')
  await knex.raw('ALTER TABLE gateway_transactions DROP COLUMN IF EXISTS next_check_at')
}
