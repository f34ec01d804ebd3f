/**
 * Runs one of payments-service's database commands against the development database, so that
 * the README's commands work in a checkout without knowing where `npm run dev` keeps it:
 *
 *   npm run create-staff -- --phone 09… --password … --role admin
 *   npm run ledger:check
 *   npm run audit:verify
 *   npm run payouts:unchecked
 *   npm run jobs:failed
 *   npm run jobs:retry -- <job id>
 *
 * The database is DATABASE_URL when set (environment or .env), else the one a running
 * `npm run dev` uses, else the embedded cluster of the data folder, started (and migrated) for
 * this command only and stopped afterwards.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { migrationCommand, openDevDatabase } from './dev-database.ts'
import { devstackEnvSchema, parseEnvOrExit } from './env.ts'
import { ROOT_DIR } from './workspace.ts'

const COMMANDS = [
  'create-staff',
  'ledger:check',
  'audit:verify',
  'payouts:unchecked',
  'jobs:failed',
  'jobs:retry',
] as const

const [script, ...args] = process.argv.slice(2)
if (!COMMANDS.includes(script as (typeof COMMANDS)[number])) {
  console.error(`usage: with-dev-database.ts ${COMMANDS.join('|')} [arguments…]`)
  process.exit(2)
}

const envFile = path.join(ROOT_DIR, '.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)
const env = parseEnvOrExit(devstackEnvSchema, process.env, script!)
const note = (text: string) => console.error(`${script}: ${text}`)

const dataDir = path.resolve(ROOT_DIR, env.ARZPOL_DATA_DIR)
const database = await openDevDatabase({
  dataDir,
  port: env.EMBEDDED_PG_PORT,
  databaseUrl: env.DATABASE_URL,
})
let status = 1
try {
  if (database.startedHere) {
    note(`npm run dev is not running: started the development PostgreSQL of ${dataDir}`)
    const migrate = migrationCommand()
    const migrated = spawnSync(migrate.command, migrate.args, {
      cwd: migrate.cwd,
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (migrated.status !== 0) throw new Error('the migrations failed')
  }
  // Through npm, so the command stays defined in one place (payments-service's scripts);
  // --silent keeps npm from echoing it, password included.
  const run = spawnSync(
    'npm',
    ['run', '--silent', script!, '-w', '@arzpol/payments-service', '--', ...args],
    {
      cwd: ROOT_DIR,
      // The object store `npm run dev` uses (audit:verify reads the published heads there).
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        ATTACHMENTS_DIR: process.env.ATTACHMENTS_DIR ?? path.join(dataDir, 'attachments'),
      },
      stdio: 'inherit',
    },
  )
  status = run.status ?? 1
} catch (error) {
  note(error instanceof Error ? error.message : String(error))
} finally {
  await database.close()
}
process.exit(status)
