import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { binCommand, type WorkspaceCommand } from './workspace.ts'

/** payments-service's database in the development cluster (and in every end-to-end stack). */
export const DEV_DATABASE_NAME = 'arzpol'

/**
 * While `npm run dev` runs, its data folder says which database it uses and which process holds
 * it up, so a command run beside it (`npm run create-staff`) uses the same database instead of
 * starting a second PostgreSQL on the same cluster (which would stop the running one: see
 * stopLeftoverPostmaster).
 */
const Recorded = z.object({ url: z.string().min(1), pid: z.number().int().positive() })

const fileIn = (dataDir: string) => path.join(dataDir, 'database.json')

export function recordDatabase(dataDir: string, url: string, pid = process.pid): void {
  const file = fileIn(dataDir)
  // The URL holds the development cluster's password.
  writeFileSync(file, JSON.stringify({ url, pid }), { mode: 0o600 })
  chmodSync(file, 0o600)
}

export function forgetDatabase(dataDir: string): void {
  rmSync(fileIn(dataDir), { force: true })
}

/** The URL recorded by a launcher that still runs, or undefined. */
export function runningDatabaseUrl(dataDir: string): string | undefined {
  const file = fileIn(dataDir)
  if (!existsSync(file)) return undefined
  let recorded: z.infer<typeof Recorded>
  try {
    recorded = Recorded.parse(JSON.parse(readFileSync(file, 'utf8')))
  } catch {
    return undefined // unreadable: as if none
  }
  return isAlive(recorded.pid) ? recorded.url : undefined
}

export interface DevDatabase {
  url: string
  /** True when this call started the embedded PostgreSQL (close() stops it again). */
  startedHere: boolean
  close(): Promise<void>
}

/**
 * The development database, wherever it is: a DATABASE_URL given, the one a running
 * `npm run dev` recorded, or the embedded cluster of the data folder, started for the caller
 * and stopped by close().
 */
export async function openDevDatabase(options: {
  dataDir: string
  port: number
  databaseUrl?: string
  onLog?: (line: string) => void
}): Promise<DevDatabase> {
  const known = options.databaseUrl ?? runningDatabaseUrl(options.dataDir)
  if (known) return { url: known, startedHere: false, close: async () => undefined }
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, 'postgres'),
    port: options.port,
    onLog: options.onLog,
  })
  try {
    await postgres.ensureDatabase(DEV_DATABASE_NAME)
  } catch (error) {
    await postgres.stop()
    throw error
  }
  return { url: postgres.url(DEV_DATABASE_NAME), startedHere: true, close: () => postgres.stop() }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: alive, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** payments-service's migrations, as the launcher and the commands beside it run them. */
export function migrationCommand(): WorkspaceCommand {
  return binCommand('payments-service', 'tsx', ['src/db/migrate-cli.ts'])
}
