import { createKnex } from '../db/knex.ts'
import { JournalEntry } from '../models/ledger.model.ts'
import { checkLedger } from '../modules/ledger/invariants.ts'

/**
 * Checks the ledger's invariants on a live database and exits 1 when any fails: the end of
 * `npm test` runs it on the database the browser journeys used, and an operator can run it
 * on production (read-only):
 *
 *   DATABASE_URL=postgres://… npm run ledger:check -w @arzpol/payments-service
 */
const url = process.env.DATABASE_URL
if (!url) {
  console.error('ledger:check: set DATABASE_URL to the payments database')
  process.exit(2)
}
const db = createKnex({ url, poolMax: 1 })
try {
  const violations = await checkLedger(db)
  const entries = await JournalEntry.countAll(db)
  if (violations.length > 0) {
    console.error(`ledger:check: ${violations.length} violation(s):`)
    for (const line of violations) console.error(`  - ${line}`)
    process.exitCode = 1
  } else {
    console.log(`ledger:check: balanced, ${entries ?? 0} entries, every invariant holds`)
  }
} finally {
  await db.destroy()
}
