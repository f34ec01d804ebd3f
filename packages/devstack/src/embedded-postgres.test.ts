import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { getFreePort } from './network.ts'

const root = mkdtempSync(path.join(tmpdir(), 'arzpol-pg-test-'))
// mkdtemp makes a mode-700 folder; the server process (user postgres when run as root) must enter it.
chmodSync(root, 0o755)
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

describe('startEmbeddedPostgres', () => {
  it('initialises a cluster, creates a database idempotently and keeps data across restarts', async () => {
    const dataDir = path.join(root, 'cluster')
    const port = await getFreePort()
    const first = await startEmbeddedPostgres({ dataDir, port, durable: false })
    await first.ensureDatabase('arzpol')
    await first.ensureDatabase('arzpol')
    await query(first.url('arzpol'), 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)')
    await first.stop()

    const second = await startEmbeddedPostgres({ dataDir, port, durable: false })
    expect(await query(second.url('arzpol'), 'SELECT id FROM kept')).toEqual([{ id: 7 }])
    await second.dropDatabase('arzpol')
    expect(
      await query(second.url('postgres'), "SELECT 1 FROM pg_database WHERE datname='arzpol'"),
    ).toEqual([])
    await second.stop()
  })

  it('says which folder the postgres user cannot enter', async () => {
    if (process.getuid?.() !== 0) return
    const closed = mkdtempSync(path.join(tmpdir(), 'arzpol-pg-closed-'))
    try {
      await expect(
        startEmbeddedPostgres({ dataDir: path.join(closed, 'db'), port: await getFreePort() }),
      ).rejects.toThrow(`cannot enter ${closed}`)
    } finally {
      rmSync(closed, { recursive: true, force: true })
    }
  })

  it('stops a postmaster left behind by a killed run before starting again', async () => {
    const dataDir = path.join(root, 'orphan')
    const port = await getFreePort()
    await startEmbeddedPostgres({ dataDir, port, durable: false })
    // Simulate the launcher dying without cleaning up: the first server is never stopped.
    const orphanPid = Number(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    )
    expect(spawnSync('kill', ['-0', String(orphanPid)]).status).toBe(0)

    const again = await startEmbeddedPostgres({ dataDir, port, durable: false })
    expect(spawnSync('kill', ['-0', String(orphanPid)]).status).not.toBe(0)
    expect(await query(again.url('postgres'), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }])
    await again.stop()
  })
})
