import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from './workspace.ts'

/**
 * Services run in their own process groups so that a normal stop reaches their children. The
 * price: if the launcher itself is killed (SIGKILL, a crashed terminal), those groups live on
 * and hold their ports. Their leaders are recorded in the data folder, and the next start
 * stops them first, so a second `npm run dev` never fails on an earlier run's leftovers.
 */

interface Recorded {
  name: string
  pid: number
}

const fileIn = (dataDir: string) => path.join(dataDir, 'services.json')

export function recordServices(dataDir: string, services: Recorded[]): void {
  writeFileSync(fileIn(dataDir), JSON.stringify(services.map(({ name, pid }) => ({ name, pid }))))
}

export function forgetServices(dataDir: string): void {
  rmSync(fileIn(dataDir), { force: true })
}

/** Stops recorded groups that still run this checkout's code; returns the names it stopped. */
export async function stopLeftoverServices(dataDir: string): Promise<string[]> {
  const file = fileIn(dataDir)
  if (!existsSync(file)) return []
  let recorded: Recorded[] = []
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // An unreadable record is treated as none.
  }
  // A recycled pid belongs to some other program: only a process started from this checkout
  // is ours to stop.
  const ours = recorded.filter(({ pid }) => commandLine(pid)?.includes(ROOT_DIR))
  for (const { pid } of ours) signalGroup(pid, 'SIGTERM')
  const deadline = Date.now() + 10_000
  while (ours.some(({ pid }) => isAlive(pid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  for (const { pid } of ours) signalGroup(pid, 'SIGKILL')
  forgetServices(dataDir)
  return ours.map(({ name }) => name)
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  const line = commandLine(pid)
  return line !== undefined && line !== ''
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}
