import type { Knex } from 'knex'

/** Resolves once the database answered `select 1` (readiness); rejects when it cannot. */
export async function ping(db: Knex): Promise<void> {
  await db.raw('select 1')
}
