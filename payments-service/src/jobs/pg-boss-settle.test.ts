import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { PgBossManager as Manager, reportUnawaitedSettles } from './pg-boss-settle.ts'

/**
 * pg-boss writes a job's end without awaiting it; with PostgreSQL gone that write fails. The
 * failure must reach the engine's 'error' event, never the process as an unhandled rejection.
 */

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
process.on('unhandledRejection', onUnhandled)
afterEach(() => {
  unhandled.length = 0
})

/** A pg-boss manager whose database is shutting down. */
function managerOfDeadDatabase() {
  const manager = Object.create(Manager.prototype) as EventEmitter & {
    complete(name: string, id: string): Promise<unknown>
    fail(name: string, id: string, error: unknown): Promise<unknown>
  }
  EventEmitter.call(manager)
  Object.assign(manager, {
    db: { executeSql: () => Promise.reject(new Error('the database system is shutting down')) },
  })
  return manager
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('a job end pg-boss cannot write', () => {
  reportUnawaitedSettles()

  it('fire and forget (as pg-boss does after a handler): an engine error, no unhandled rejection', async () => {
    const manager = managerOfDeadDatabase()
    const errors: unknown[] = []
    manager.on('error', (error) => errors.push(error))
    void manager.complete('sweep', '7f3c1a52-9a1e-4c4e-8d1c-1a2b3c4d5e6f')
    void manager.fail('sweep', '7f3c1a52-9a1e-4c4e-8d1c-1a2b3c4d5e6f', new Error('handler'))
    await settle()
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'the database system is shutting down',
      'the database system is shutting down',
    ])
    expect(unhandled).toEqual([])
  })

  it('a caller that awaits still hears the failure', async () => {
    const manager = managerOfDeadDatabase()
    manager.on('error', () => undefined)
    await expect(manager.complete('sweep', '7f3c1a52-9a1e-4c4e-8d1c-1a2b3c4d5e6f')).rejects.toThrow(
      'shutting down',
    )
  })

  it('keeps the methods’ names, by which pg-boss publishes them on the engine', () => {
    const prototype = Manager.prototype as Record<string, { name: string }>
    expect([prototype.complete?.name, prototype.fail?.name]).toEqual(['complete', 'fail'])
  })

  it('is patched once, however often it is asked', () => {
    const before = (Manager.prototype as { complete: unknown }).complete
    reportUnawaitedSettles()
    expect((Manager.prototype as { complete: unknown }).complete).toBe(before)
  })
})
