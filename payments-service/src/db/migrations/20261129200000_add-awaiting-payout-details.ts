/**
 * Why: ADR 017. A cash-out started without its Sheba or income documents waits in a
 * stage of its own, `awaiting_payout_details`, whose status is `pending`. The stage CHECK gains
 * the value and the generated `status` column maps it to `pending` (it would otherwise fall to
 * `failed`). A generated column's expression cannot be altered before PostgreSQL 17, so the
 * column is dropped and added again (no index or view reads it; the table is rewritten once).
 */
import type { Knex } from 'knex'

const STAGES = [
  'awaiting_payment',
  'awaiting_payout_details',
  'paid',
  'in_progress',
  'done',
  'payment_failed',
  'expired',
  'rejected',
  'cancelled',
  'refunded',
]

const list = (values: string[]) => values.map((value) => `'${value}'`).join(',')

const status = (pending: string[]) => `ADD COLUMN status varchar(16) GENERATED ALWAYS AS (CASE
      WHEN stage IN (${list(pending)}) THEN 'pending'
      WHEN stage IN ('paid','in_progress') THEN 'processing'
      WHEN stage = 'done' THEN 'completed'
      ELSE 'failed' END) STORED`

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE payments
    DROP CONSTRAINT payments_stage_check,
    ADD CONSTRAINT payments_stage_check CHECK (stage IN (${list(STAGES)})),
    DROP COLUMN status,
    ${status(['awaiting_payment', 'awaiting_payout_details'])}`)
}

export async function down(knex: Knex): Promise<void> {
  // Orders waiting for their details go back to where a cash-out waited before: not started.
  await knex('payments')
    .where({ stage: 'awaiting_payout_details' })
    .update({ stage: 'awaiting_payment' })
  await knex.raw(`ALTER TABLE payments
    DROP CONSTRAINT payments_stage_check,
    ADD CONSTRAINT payments_stage_check CHECK (stage IN (${list(STAGES.filter((stage) => stage !== 'awaiting_payout_details'))})),
    DROP COLUMN status,
    ${status(['awaiting_payment'])}`)
}
