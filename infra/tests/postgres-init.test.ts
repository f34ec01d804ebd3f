import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getFreePort, startEmbeddedPostgres, type RunningPostgres } from '@arzpol/devstack'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INFRA_DIR } from '../src/paths.ts'

// compose's first-start script, run as the postgres image runs it (sh + psql as the superuser),
// against a real throw-away PostgreSQL 18. psql is the one tool it needs from the machine.
const SCRIPT = path.join(INFRA_DIR, 'postgres', 'init', '10-databases.sh')
const hasPsql = spawnSync('psql', ['--version']).status === 0

const root = mkdtempSync(path.join(tmpdir(), 'arzpol-infra-pg-'))
chmodSync(root, 0o755) // the server runs as user postgres when the tests run as root
let server: RunningPostgres | undefined

beforeAll(async () => {
  if (!hasPsql) return
  server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'cluster'),
    port: await getFreePort(),
    durable: false,
  })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
})

const runScript = (passwords: Record<string, string>) =>
  spawnSync('sh', [SCRIPT], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      POSTGRES_USER: 'postgres',
      PGHOST: '127.0.0.1',
      PGPORT: String(server!.port),
      PGPASSWORD: 'postgres',
      ...passwords,
    },
  })

async function canConnect(user: string, password: string, database: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server!.port,
    user,
    password,
    database,
  })
  try {
    await client.connect()
    await client.query('create table t (id int)')
    return 'ok'
  } catch (error) {
    return (error as Error).message
  } finally {
    await client.end().catch(() => undefined)
  }
}

describe.skipIf(!hasPsql)('postgres/init/10-databases.sh', () => {
  it('refuses the change-me passwords of infra/.env.example', () => {
    const run = runScript({
      POSTGRES_PASSWORD: 'change-me',
      PAYMENTS_DB_PASSWORD: 'change-me',
      CMS_DB_PASSWORD: 'change-me',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('infra/.env still holds a change-me password')
  })

  it('gives each service its own role and database, and neither reaches the other', async () => {
    const run = runScript({
      POSTGRES_PASSWORD: 'postgres',
      PAYMENTS_DB_PASSWORD: 'p4yments-pw',
      CMS_DB_PASSWORD: 'cms-pw-0',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(await canConnect('payments', 'p4yments-pw', 'payments')).toBe('ok')
    expect(await canConnect('cms', 'cms-pw-0', 'cms')).toBe('ok')
    expect(await canConnect('payments', 'p4yments-pw', 'cms')).toMatch(/permission denied/)
    expect(await canConnect('cms', 'cms-pw-0', 'payments')).toMatch(/permission denied/)
    expect(await canConnect('payments', 'wrong', 'payments')).toMatch(/password authentication/)
  })
})
