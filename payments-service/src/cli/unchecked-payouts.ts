import type { Knex } from 'knex'
import { createKnex } from '../db/knex.ts'
import { Order } from '../models/order.model.ts'
import { runIfScript, runOnDb } from './run-cli.ts'

/**
 * Lists the cash-outs whose Sheba never passed the owner question on the order (ADR 028): the
 * ones made before the order kept that answer, and the ones given at level 0 by customers who
 * have not reached level 1 yet. Read-only; an operator looks at each before staff settle it
 * (settling asks the provider again anyway) and at the settled ones, which went out unchecked:
 *
 *   npm run payouts:unchecked                                          (development database)
 *   DATABASE_URL=postgres://… npm run payouts:unchecked -w @arzpol/payments-service
 *
 * One line per order (id, stage, customer, when it was created), then the count. Exits 0
 * whatever it finds: a list to read, not a check that fails.
 */

/** Prints the list and its count through `print`; answers the count. */
export async function reportUncheckedPayouts(
  db: Knex,
  print: (line: string) => void,
): Promise<number> {
  const rows = await Order.uncheckedPayouts(db)
  for (const row of rows) {
    print(
      `#${row.id}  ${row.stage}  customer #${row.user_id}  created ${new Date(row.created_at).toISOString()}`,
    )
  }
  print(`payouts:unchecked: ${rows.length} cash-out(s) whose Sheba was never owner-checked`)
  return rows.length
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error('payouts:unchecked: set DATABASE_URL to the payments database')
    process.exitCode = 2
    return
  }
  const db = createKnex({ url, poolMax: 1 })
  await runOnDb('payouts:unchecked', db, async () => {
    await reportUncheckedPayouts(db, (line) => console.log(line))
  })
}

// Run as a script (not when a test imports `reportUncheckedPayouts`).
await runIfScript(import.meta.url, main)
