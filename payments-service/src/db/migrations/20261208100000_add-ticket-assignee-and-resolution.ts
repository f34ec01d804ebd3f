/**
 * Why: support work a ticket together. A ticket one agent took shows who has it, so two agents
 * never answer it without knowing (`assigned_to`, `assigned_at`); an agent marks a ticket they
 * consider solved (`resolved_at`, `resolved_by`) while closing stays the customer's, and the
 * customer's next message takes the mark away. Both staff columns are set to null if the
 * account is ever deleted. Added empty: older pods ignore the columns, so a rolling deploy is safe.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.integer('assigned_to').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('assigned_at', { useTz: true }).nullable()
    t.timestamp('resolved_at', { useTz: true }).nullable()
    t.integer('resolved_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.index(['assigned_to'], 'tickets_assigned_to_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropIndex(['assigned_to'], 'tickets_assigned_to_idx')
    t.dropColumns('assigned_to', 'assigned_at', 'resolved_at', 'resolved_by')
  })
}
