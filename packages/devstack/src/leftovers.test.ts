import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { recordServices, stopLeftoverServices } from './leftovers.ts'
import { ROOT_DIR } from './workspace.ts'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z')
  } catch {
    return false
  }
}

/** A detached process group whose command line does (or does not) name this checkout. */
function startGroup(mentionCheckout: boolean) {
  const args = ['-e', 'setInterval(() => {}, 1000)']
  if (mentionCheckout) args.push(ROOT_DIR)
  const child = spawn(process.execPath, args, { detached: true, stdio: 'ignore' })
  child.unref()
  return child.pid!
}

describe('stopLeftoverServices', () => {
  it('stops the recorded groups of an earlier run and forgets them', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arzpol-leftovers-'))
    const pid = startGroup(true)
    recordServices(dir, [{ name: 'cms', pid }])
    expect(alive(pid)).toBe(true)
    expect(await stopLeftoverServices(dir)).toEqual(['cms'])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(alive(pid)).toBe(false)
    expect(await stopLeftoverServices(dir)).toEqual([])
  })

  it('never touches a process that is not from this checkout (a recycled pid)', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arzpol-leftovers-'))
    const stranger = startGroup(false)
    try {
      recordServices(dir, [{ name: 'web', pid: stranger }])
      expect(await stopLeftoverServices(dir)).toEqual([])
      expect(alive(stranger)).toBe(true)
    } finally {
      process.kill(-stranger, 'SIGKILL')
    }
  })
})
