import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { testConfig } from '../test/app.ts'
import { useTestDatabase } from '../test/db.ts'
import { createJobEngine, type JobEngine, type JobEngineSettings } from './engine.ts'
import { jobEngineSettings } from './settings.ts'

/**
 * The engine with its workers polling, as on a pod (ADR 032): leases, SIGTERM hand-back and one
 * sweep at a time across instances. Short leases and intervals keep these tests to seconds.
 */

const logger = pino({ level: 'silent' })

/** Polls `check` until it holds or `ms` passed. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 8_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await sleep(100)
  }
}

describe('job engine workers', () => {
  const database = useTestDatabase()
  const engines: JobEngine[] = []
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()))
  })

  const engine = (overrides: Partial<JobEngineSettings> = {}) => {
    const made = createJobEngine(
      database.db,
      {
        ...jobEngineSettings(testConfig({ DATABASE_URL: database.url })),
        pollSeconds: 0.5,
        maintenanceSeconds: 1,
        retryDelaySeconds: 1,
        stopTimeoutMs: 1_000,
        ...overrides,
      },
      logger,
    )
    engines.push(made)
    return made
  }

  it('hands the job of a worker that died (SIGKILL) to another once its lease ran out', async () => {
    const ran: string[] = []
    const survivor = engine({ leaseSeconds: 1 })
    survivor.work('charge', async (job) => {
      ran.push(job.id)
    })
    // The worker that dies: it claimed the job, then nothing more is heard from it.
    const dying = engine({ leaseSeconds: 1 })
    dying.work('charge', async () => undefined)
    await dying.start({ poll: false })
    const id = await dying.send('charge', {})
    const [claimed] = await dying.boss.fetch('charge')
    expect(claimed?.id).toBe(id)

    await survivor.start()
    await eventually(() => ran.length > 0)
    expect(ran).toEqual([id])
  })

  it('on SIGTERM lets a claimed job finish, and hands back one that does not in time', async () => {
    const jobs = engine({ stopTimeoutMs: 1_000 })
    const started: string[] = []
    let finishQuick: () => void = () => undefined
    jobs.work('quick', async (job) => {
      started.push(job.id)
      await new Promise<void>((resolve) => (finishQuick = resolve))
    })
    jobs.work('stuck', async (job) => {
      started.push(job.id)
      await new Promise(() => undefined)
    })
    await jobs.start()
    const quick = await jobs.send('quick', {})
    const stuck = await jobs.send('stuck', {})
    await eventually(() => started.length === 2)

    const stopping = jobs.stop()
    setTimeout(() => finishQuick(), 200)
    await stopping

    const observer = engine()
    observer.work('quick', async () => undefined)
    observer.work('stuck', async () => undefined)
    await observer.start({ poll: false })
    expect((await observer.boss.getJobById('quick', quick!))?.state).toBe('completed')
    // Handed back: failed on this instance, to be retried by another.
    expect((await observer.boss.getJobById('stuck', stuck!))?.state).toBe('retry')
  })

  it('wakes an idle worker at once for a job just written, instead of its next poll', async () => {
    const jobs = engine({ pollSeconds: 30 })
    const ran: number[] = []
    jobs.work<{ n: number }>('otp', async (job) => {
      ran.push(job.data.n)
    })
    await jobs.start()
    await sleep(300) // the worker's first (empty) poll is behind it
    const sent = Date.now()
    await database.db.transaction((trx) => jobs.send('otp', { n: 1 }, { trx }))
    jobs.wake('otp')
    await eventually(() => ran.length === 1, 3_000)
    expect(Date.now() - sent).toBeLessThan(3_000)
  })

  it('runs a sweep on one worker at a time across instances, again and again', async () => {
    let running = 0
    let most = 0
    let runs = 0
    const sweep = async () => {
      running++
      most = Math.max(most, running)
      await sleep(300)
      running--
      runs++
    }
    const one = engine()
    const two = engine()
    one.every('sweep', 1, sweep)
    two.every('sweep', 1, sweep)
    await Promise.all([one.start(), two.start()])

    await eventually(() => runs >= 3)
    expect(most).toBe(1)
  })
})
