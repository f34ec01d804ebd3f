import type { Knex } from 'knex'
import { TicketCategory } from '../../models/ticket.model.ts'

/** The seeded categories (the migration holds its own frozen copy of this list). */
export const TICKET_CATEGORIES = [
  { slug: 'payment', name: 'پرداخت', position: 1 },
  { slug: 'order', name: 'سفارش', position: 2 },
  { slug: 'account', name: 'حساب کاربری', position: 3 },
  { slug: 'technical', name: 'فنی', position: 4 },
  { slug: 'other', name: 'سایر', position: 5 },
] as const

/** Puts the seeded categories back (tests empty every table between cases). Idempotent. */
export async function seedTicketCategories(db: Knex): Promise<void> {
  await TicketCategory.upsertBySlug(db, TICKET_CATEGORIES)
}

export async function listCategories(db: Knex): Promise<TicketCategory[]> {
  return TicketCategory.listed(db)
}
