import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Logger } from './logger.ts'
import { startServiceProcess } from './service-process.ts'

function collectingLogger(lines: string[]): Logger {
  const make = (name: string): Logger => ({
    line: (text) => lines.push(`${name}: ${text}`),
    child: (child) => make(child),
  })
  return make('root')
}

/** A node script as a service; its output lines, prefixed by the name, land in `lines`. */
const startScript = (name: string, script: string, lines: string[]) =>
  startServiceProcess({
    name,
    command: process.execPath,
    args: ['-e', script],
    cwd: process.cwd(),
    env: process.env,
    logger: collectingLogger(lines),
  })

// A killed process whose parent is gone can stay a zombie (state Z) until init reaps it.
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

describe('startServiceProcess', () => {
  it('sends one signal to the group without counting as a stop (crash tests)', async () => {
    const lines: string[] = []
    const child = startScript('sleeper', "console.log('up'); setInterval(() => {}, 1000)", lines)
    await expect.poll(() => lines).toEqual(['sleeper: up'])
    child.signal('SIGKILL')
    expect(await child.exited).toBe('SIGKILL')
    expect(child.stoppedOnPurpose()).toBe(false)
  })

  it('prefixes each output line with the service name', async () => {
    const lines: string[] = []
    const child = startScript('echo', 'console.log("یک"); console.error("two")', lines)
    expect(await child.exited).toBe(0)
    expect(lines.sort()).toEqual(['echo: two', 'echo: یک'])
  })

  it('stops grandchildren too, even one that ignores SIGTERM', async () => {
    const lines: string[] = []
    // The child starts a grandchild that ignores SIGTERM and prints its pid.
    const grandchild = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)`
    const script = `
      const { spawn } = require('node:child_process')
      const g = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' })
      console.log('grandchild ' + g.pid)
      setInterval(() => {}, 1000)`
    const child = startScript('tree', script, lines)
    while (!lines.some((l) => l.includes('grandchild'))) await new Promise((r) => setTimeout(r, 20))
    const pid = Number(
      lines
        .find((l) => l.includes('grandchild'))!
        .split(' ')
        .pop(),
    )
    expect(isAlive(pid)).toBe(true)

    await child.stop(500)
    expect(child.hasExited()).toBe(true)
    await new Promise((r) => setTimeout(r, 100))
    expect(isAlive(pid)).toBe(false)
  })
})
