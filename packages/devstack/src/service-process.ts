import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { formatLogLine } from './log-format.ts'
import type { Logger } from './logger.ts'

export interface ServiceProcessOptions {
  name: string
  command: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  logger: Logger
}

export interface ServiceProcess {
  name: string
  /** Process id of the group leader (the group id too, since it runs detached). */
  pid: number
  /** Resolves with the exit code (or the signal name) when the process has exited. */
  exited: Promise<number | string>
  hasExited(): boolean
  /** True once stop() was called: its exit is not a crash. */
  stoppedOnPurpose(): boolean
  /** SIGTERM to the whole process group, SIGKILL after the grace period. */
  stop(graceMs?: number): Promise<void>
  /**
   * Sends one signal to the whole group and returns at once, for tests of crashes (SIGKILL)
   * and of graceful shutdown (SIGTERM while requests run). It does not count as a stop().
   */
  signal(signal: NodeJS.Signals): void
}

/**
 * Runs one service in its own process group, so that stopping it also stops whatever it
 * spawned (npm, tsx and Vite all start children), and prefixes every output line with its name.
 */
export function startServiceProcess(options: ServiceProcessOptions): ServiceProcess {
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = options.logger.child(options.name)
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue
    createInterface({ input: stream }).on('line', (line) => log.line(formatLogLine(line)))
  }

  let exitedFlag = false
  let stopRequested = false
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      exitedFlag = true
      resolve(code ?? signal ?? 'unknown')
    })
    child.on('error', (error) => {
      log.line(`could not start: ${error.message}`)
      exitedFlag = true
      resolve('spawn-error')
    })
  })

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // The group is already gone.
    }
  }

  return {
    name: options.name,
    pid: child.pid ?? -1,
    exited,
    hasExited: () => exitedFlag,
    stoppedOnPurpose: () => stopRequested,
    signal: signalGroup,
    async stop(graceMs = 10_000) {
      stopRequested = true
      if (exitedFlag) return
      signalGroup('SIGTERM')
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
      // Grandchildren that ignored SIGTERM must not outlive the stack.
      signalGroup('SIGKILL')
    },
  }
}
