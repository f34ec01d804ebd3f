import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { listTables, useTestDatabase } from '../test/db.ts'
import {
  listMigrationFiles,
  migrateLatest,
  MIGRATION_FILE_PATTERN,
  MIGRATIONS_DIR,
  rollbackAll,
} from './migrate.ts'

/** Orders and money; other modules add their own tables beside these. */
const ORDER_TABLES = ['gateway_transactions', 'payment_events', 'payments', 'rates']

describe('migrations', () => {
  const files = listMigrationFiles()

  it('follow YYYYMMDDHHMMSS_verb-noun.ts and open with a why-comment', () => {
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      expect(file).toMatch(MIGRATION_FILE_PATTERN)
      const source = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
      expect(source.startsWith('/**\n * Why:'), `${file} starts with a why-comment`).toBe(true)
      expect(source).toMatch(/export async function down/)
    }
  })

  describe('on a database of their own', () => {
    const own = useTestDatabase({ emptyEachTest: false, poolMax: 2 })
    const tables = () => listTables(own.db)

    it('roll all the way down and up again', async () => {
      // The copy starts fully migrated (global setup migrated its template).
      expect(await migrateLatest(own.db)).toEqual([])
      expect(await tables()).toEqual(expect.arrayContaining(ORDER_TABLES))
      expect(await tables()).toEqual(
        expect.arrayContaining(['login_attempts', 'otp_challenges', 'refresh_tokens', 'users']),
      )
      expect(await rollbackAll(own.db)).toEqual([...files].reverse())
      expect(await tables()).toEqual([])
      expect(await migrateLatest(own.db)).toEqual(files)
      expect(await tables()).toEqual(expect.arrayContaining(ORDER_TABLES))
      expect(await tables()).toEqual(
        expect.arrayContaining(['login_attempts', 'otp_challenges', 'refresh_tokens', 'users']),
      )
    })
  })
})
