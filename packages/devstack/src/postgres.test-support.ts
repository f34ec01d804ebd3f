import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { withConnection } from './connection.ts'

/** What the launcher's database tests share. */

/**
 * A folder for this test file's clusters, removed after its tests. mkdtemp makes it mode 700; the
 * server process (user postgres when run as root) must enter it.
 */
export function clusterRoot(prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(root, 0o755)
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  return root
}

/** One statement on its own connection; its rows. */
export const query = (url: string, sql: string) =>
  withConnection(url, async (client) => (await client.query(sql)).rows)
