import { afterEach, describe, expect, it } from 'vitest'
import type { Logger } from './logger.ts'
import { getFreePort } from './network.ts'
import { startReplicaSet, type ReplicaSet } from './replica-set.ts'
import { REPLICA_HEADER } from './round-robin-proxy.ts'
import { startServiceProcess } from './service-process.ts'

function collectingLogger(lines: string[]): Logger {
  const make = (name: string): Logger => ({
    line: (text) => lines.push(`${name}: ${text}`),
    child: (child) => make(child),
  })
  return make('root')
}

/** A replica: node serving "<its PORT>" on PORT, saying so on stdout once it listens. */
const SERVER = `
  const port = Number(process.env.PORT)
  require('node:http')
    .createServer((req, res) => res.end(String(port)))
    .listen(port, '127.0.0.1', () => console.log('listening on ' + port))`

let sets: ReplicaSet[] = []
afterEach(async () => {
  for (const set of sets) {
    await set.close()
    await Promise.all(set.replicas.map((replica) => replica.stop()))
  }
  sets = []
})

async function startServers(count: number, lines: string[]) {
  const set = await startReplicaSet({
    name: 'payments',
    count,
    publicPort: await getFreePort(),
    logger: collectingLogger(lines),
    start: ({ name, port }) =>
      startServiceProcess({
        name,
        command: process.execPath,
        args: ['-e', SERVER],
        cwd: process.cwd(),
        env: { ...process.env, PORT: String(port) },
        logger: collectingLogger(lines),
      }),
  })
  sets.push(set)
  await expect.poll(() => lines.filter((line) => line.includes('listening on')).length).toBe(count)
  return set
}

describe('startReplicaSet', () => {
  it('with one replica: the process itself on the public port, no proxy, its usual name', async () => {
    const lines: string[] = []
    const set = await startServers(1, lines)
    expect(set.proxy).toBeUndefined()
    expect(set.replicas.map((replica) => [replica.name, replica.url])).toEqual([
      ['payments', set.url],
    ])
    expect(await (await fetch(set.url)).text()).toBe(new URL(set.url).port)
  })

  it('with two: each its own port and name, a proxy on the public port taking turns', async () => {
    const lines: string[] = []
    const set = await startServers(2, lines)
    const [one, two] = set.replicas
    expect([one?.name, two?.name]).toEqual(['payments-1', 'payments-2'])
    expect(new Set([set.url, one?.url, two?.url]).size).toBe(3)
    // Log lines carry the replica's name.
    expect(lines).toContain(`payments-1: listening on ${one?.port}`)
    expect(lines).toContain(`payments-2: listening on ${two?.port}`)

    const answers = []
    for (let i = 0; i < 4; i++) {
      const response = await fetch(set.url)
      answers.push([response.headers.get(REPLICA_HEADER), await response.text()])
    }
    expect(answers).toEqual([
      ['payments-1', String(one?.port)],
      ['payments-2', String(two?.port)],
      ['payments-1', String(one?.port)],
      ['payments-2', String(two?.port)],
    ])

    // One killed: the other serves every request.
    two!.signal('SIGKILL')
    await two!.exited
    for (let i = 0; i < 3; i++) {
      const response = await fetch(set.url)
      expect(response.headers.get(REPLICA_HEADER)).toBe('payments-1')
    }
  })
})
