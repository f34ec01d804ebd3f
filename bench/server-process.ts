import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * A server child run from the repository root in production mode. Its standard output is
 * dropped and only the last few kilobytes of standard error are kept: requests cut off when the
 * bench stops make log lines, worth showing only if the server dies early.
 */
export function spawnServer(
  command: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let tail = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000)
  })
  return { child, output: () => tail }
}

/** Asks the child to stop, and kills it if it has not within 15 s. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
