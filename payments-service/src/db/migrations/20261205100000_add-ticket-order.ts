/**
 * Why: a customer asking about an order names it when opening the ticket, and support open that
 * order from the ticket instead of asking for its number. `tickets.order_id` is the customer's
 * own order (the service checks the owner), nullable (most tickets are about no order), and set
 * to null if an order is ever deleted (a ticket outlives it). Added empty: older pods ignore the
 * column, so a rolling deploy is safe.
 */
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.integer('order_id').nullable().references('id').inTable('payments').onDelete('SET NULL')
    t.index(['order_id'], 'tickets_order_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropIndex(['order_id'], 'tickets_order_idx')
    t.dropColumn('order_id')
  })
}
