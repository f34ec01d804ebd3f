import { randomBytes } from 'node:crypto'
import { startThrowawayPostgres } from '@arzpol/devstack'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createKnex } from '../db/knex.ts'
import { migrateLatest } from '../db/migrate.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the maintenance database, for creating per-file databases. */
    pgAdminUrl: string
    /** A migrated database that each test file clones (CREATE DATABASE … TEMPLATE). */
    pgTemplateDatabase: string
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${encodeURIComponent(database)}`
  return parsed.toString()
}

/**
 * One PostgreSQL for the whole run: a throwaway embedded cluster, or the server named by
 * TEST_DATABASE_URL / DATABASE_URL (where only our uniquely named databases are touched).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const embedded = external ? undefined : await startThrowawayPostgres('arzpol-payments-test-')
  const adminUrl = embedded ? embedded.url('postgres') : withDatabase(external!, 'postgres')

  const template = `payments_test_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${template}"`)
  await admin.end()

  const db = createKnex({ url: withDatabase(adminUrl, template), poolMax: 1 })
  try {
    await migrateLatest(db)
  } finally {
    await db.destroy()
  }

  project.provide('pgAdminUrl', adminUrl)
  project.provide('pgTemplateDatabase', template)

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
    await client.end()
    await embedded?.stop()
  }
}
