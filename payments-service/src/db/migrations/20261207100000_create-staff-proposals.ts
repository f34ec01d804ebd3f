/**
 * Why: one staff member could record a cash-out or a manual refund as paid on their own, with any
 * transfer reference (the ledger then books money out that only their word says left), and one
 * admin could give anyone staff powers, raise a customer to level 2 or move a rate far. Above a set amount, and
 * for every role change, level-2 approval and rate change beyond the safety limit, such an action is now a proposal that a second
 * staff member approves or declines.
 * `staff_proposals` keeps what was proposed (the action's own input, replayed on approval), by
 * whom, why, until when, and who decided with their reason. A check keeps the decider apart from
 * the proposer even for a caller that skipped the service, and a partial unique index keeps one
 * pending proposal per subject.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_proposals', (t) => {
    t.bigIncrements('id').primary()
    t.string('kind', 32).notNullable()
    t.string('subject_type', 32).notNullable()
    t.string('subject_id', 64).notNullable()
    t.bigInteger('order_id').nullable().references('id').inTable('payments').onDelete('SET NULL')
    // Null for what touches no account (a rate change).
    t.bigInteger('customer_id').nullable().references('id').inTable('users')
    t.bigInteger('amount_irr').nullable()
    t.jsonb('payload').notNullable()
    t.bigInteger('proposed_by').notNullable().references('id').inTable('users')
    t.timestamp('proposed_at', { useTz: true }).notNullable()
    t.text('note').nullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.string('status', 16).notNullable().defaultTo('pending')
    t.bigInteger('decided_by').nullable().references('id').inTable('users')
    t.timestamp('decided_at', { useTz: true }).nullable()
    t.text('decision_reason').nullable()
    t.index(['status', 'id'], 'staff_proposals_status_idx')
    t.index(['order_id'], 'staff_proposals_order_idx')
  })
  await knex.raw(`ALTER TABLE staff_proposals
    ADD CONSTRAINT staff_proposals_kind_check
      CHECK (kind IN ('payout_settlement', 'refund_settlement', 'support_grant', 'support_revoke',
        'identity_level2', 'rate_change')),
    ADD CONSTRAINT staff_proposals_status_check
      CHECK (status IN ('pending', 'approved', 'declined', 'expired')),
    ADD CONSTRAINT staff_proposals_four_eyes_check
      CHECK (decided_by IS NULL OR decided_by <> proposed_by),
    ADD CONSTRAINT staff_proposals_decided_check
      CHECK ((status IN ('approved', 'declined')) = (decided_by IS NOT NULL))`)
  await knex.raw(`CREATE UNIQUE INDEX staff_proposals_one_pending
    ON staff_proposals (subject_type, subject_id) WHERE status = 'pending'`)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('staff_proposals')
}
