import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Knex } from 'knex'

/**
 * A command's work on its own pool: a failure is printed as `<command>: failed:` and exits 1, and
 * the pool is closed either way so the process can end.
 */
export async function runOnDb(command: string, db: Knex, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    console.error(`${command}: failed:`, error)
    process.exitCode = 1
  } finally {
    await db.destroy()
  }
}

/** Runs `main` when this module is the script node was started with, not when a test imports it. */
export async function runIfScript(moduleUrl: string, main: () => Promise<void>): Promise<void> {
  const entry = process.argv[1]
  if (entry && moduleUrl === pathToFileURL(realpathSync(entry)).href) await main()
}
