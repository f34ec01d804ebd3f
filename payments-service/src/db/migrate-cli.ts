import { z } from 'zod'
import { envSchema, parseEnvOrExit } from '../config/env.ts'
import { createKnex } from './knex.ts'
import { migrateLatest } from './migrate.ts'

// Only the database is needed to migrate; the launcher runs this before the service starts.
const { DATABASE_URL } = parseEnvOrExit(z.object({ DATABASE_URL: envSchema.shape.DATABASE_URL }))

const db = createKnex({ url: DATABASE_URL, poolMax: 1 })
try {
  const applied = await migrateLatest(db)
  console.log(
    applied.length === 0
      ? 'payments-service: database schema is up to date'
      : `payments-service: applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join('\n')}`,
  )
} catch (error) {
  console.error('payments-service: migration failed:', error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
