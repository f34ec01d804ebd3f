import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { createKnex } from '../db/knex.ts'

export function databaseUrl(database: string): string {
  const url = new URL(inject('pgAdminUrl'))
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A fresh, migrated database of its own (a copy of the template made by global setup). */
export async function createTestDatabase(): Promise<{
  name: string
  url: string
  drop(): Promise<void>
}> {
  const name = `payments_file_${randomBytes(6).toString('hex')}`
  await admin((client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplateDatabase')}"`),
  )
  return {
    name,
    url: databaseUrl(name),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    },
  }
}

/**
 * Empties every table but the migration bookkeeping and the chart of accounts (reference data
 * the ledger cannot work without), and restarts the id sequences.
 */
export async function truncateAll(db: Knex): Promise<void> {
  const { rows } = (await db.raw(
    `SELECT tablename FROM pg_tables
      WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_migrations%'
        AND tablename <> 'ledger_accounts'`,
  )) as { rows: Array<{ tablename: string }> }
  if (rows.length === 0) return
  const tables = rows.map((row) => `"${row.tablename}"`).join(', ')
  // The ledger refuses TRUNCATE (append-only); a test database may skip that trigger.
  await db.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica')
    await trx.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`)
    // The job engine's jobs too (schema `pgboss`, ADR 032; its queues stay, like the schema).
    // DELETE, not TRUNCATE: a test writes a few jobs, and truncating each queue's partition and
    // its indexes would cost every test more than scanning them.
    await trx.raw(`DO $$ BEGIN
      IF to_regclass('pgboss.job') IS NOT NULL THEN
        DELETE FROM pgboss.job;
        DELETE FROM pgboss.archive;
      END IF;
    END $$`)
  })
}

/**
 * For a test file: its own database for the whole file, emptied before each test (unless
 * `emptyEachTest: false`, for tests of the migrations and their seeded rows). Read `.db` inside
 * tests and hooks (it exists once beforeAll ran).
 */
export function useTestDatabase({
  emptyEachTest = true,
  poolMax = 5,
}: { emptyEachTest?: boolean; poolMax?: number } = {}): {
  readonly db: Knex
  readonly url: string
} {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
  let db: Knex | undefined

  beforeAll(async () => {
    database = await createTestDatabase()
    db = createKnex({ url: database.url, poolMax })
  })
  beforeEach(async () => {
    if (db && emptyEachTest) await truncateAll(db)
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  return {
    get db() {
      if (!db) throw new Error('useTestDatabase: the database exists only inside tests and hooks')
      return db
    },
    get url() {
      if (!database) throw new Error('useTestDatabase: not created yet')
      return database.url
    },
  }
}

/** The application's tables (knex's own bookkeeping left out), sorted by name. */
export async function listTables(db: Knex): Promise<string[]> {
  const result = (await db.raw(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%' ORDER BY 1",
  )) as { rows: Array<{ tablename: string }> }
  return result.rows.map((row) => row.tablename)
}
