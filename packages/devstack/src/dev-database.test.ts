import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { recordDatabase, runningDatabaseUrl } from './dev-database.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { getFreePort } from './network.ts'
import { clusterRoot, query } from './postgres.test-support.ts'
import { binPath, ROOT_DIR } from './workspace.ts'

const run = promisify(execFile)
const root = clusterRoot('arzpol-dev-database-')

describe('runningDatabaseUrl', () => {
  it('knows the database only while the launcher that recorded it runs', () => {
    const dataDir = mkdtempSync(path.join(root, 'record-'))
    expect(runningDatabaseUrl(dataDir)).toBeUndefined()
    recordDatabase(dataDir, 'postgres://u:p@127.0.0.1:1/arzpol')
    expect(runningDatabaseUrl(dataDir)).toBe('postgres://u:p@127.0.0.1:1/arzpol')
    const exited = spawnSync(process.execPath, ['-e', '0'])
    recordDatabase(dataDir, 'postgres://u:p@127.0.0.1:1/arzpol', exited.pid)
    expect(runningDatabaseUrl(dataDir)).toBeUndefined()
  })
})

describe('npm run create-staff at the root (with-dev-database)', () => {
  it('uses the running development database, or starts, migrates and stops its own', async () => {
    const dataDir = path.join(root, 'data')
    const port = await getFreePort()
    const { DATABASE_URL: _ignored, ...inherited } = process.env
    const createStaff = async (...args: string[]) => {
      const { stdout } = await run(
        binPath(ROOT_DIR, 'tsx'),
        ['packages/devstack/src/with-dev-database.ts', 'create-staff', ...args],
        {
          cwd: ROOT_DIR,
          env: { ...inherited, ARZPOL_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
        },
      )
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
    }
    const staff = ['--phone', '09121234567', '--password', 'a staff password', '--role', 'admin']

    // No `npm run dev`: the command starts the data folder's cluster, migrates it, and stops it.
    expect(await createStaff(...staff, '--if-missing', '--json')).toMatchObject({
      action: 'created',
      role: 'admin',
      phone: '09121234567',
    })
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)

    // `npm run dev` running (it recorded its database): that database is used and stays up.
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port,
      durable: false,
    })
    try {
      recordDatabase(dataDir, postgres.url('arzpol'))
      expect(await createStaff(...staff, '--if-missing', '--json')).toMatchObject({
        action: 'kept',
        passwordMatches: true,
      })
      expect(await query(postgres.url('arzpol'), 'SELECT phone, role FROM users')).toEqual([
        { phone: '09121234567', role: 'admin' },
      ])
    } finally {
      await postgres.stop()
    }
  }, 180_000)
})
