import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { getFreePort, startEmbeddedPostgres } from '@arzpol/devstack'

/**
 * A database of the bench's own (`arzpol_bench_<bench>_<pid>`): on BENCH_DATABASE_URL's server, or
 * in a throw-away embedded cluster. `close` drops it, or stops and removes the cluster.
 */
export async function openBenchDatabase(
  bench: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL
  const name = `arzpol_bench_${bench}_${process.pid}`
  if (external) {
    const admin = new pg.Client({ connectionString: external })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    const url = new URL(external)
    url.pathname = `/${name}`
    return {
      url: url.toString(),
      async close() {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        await admin.end()
      },
    }
  }
  const dataParent = mkdtempSync(path.join(tmpdir(), `arzpol-bench-${bench}-`))
  // We may run as root: embedded PostgreSQL runs as `postgres`, which must enter the folder.
  chmodSync(dataParent, 0o755)
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataParent, 'pg'),
    port: await getFreePort(),
    durable: false,
  })
  await postgres.ensureDatabase(name)
  return {
    url: postgres.url(name),
    async close() {
      await postgres.stop()
      rmSync(dataParent, { recursive: true, force: true })
    },
  }
}
