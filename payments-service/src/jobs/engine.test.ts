import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { testConfig } from '../test/app.ts'
import { useTestDatabase } from '../test/db.ts'
import { createJobEngine, type JobEngine, type JobEngineSettings } from './engine.ts'
import { jobEngineSettings } from './settings.ts'

const logger = pino({ level: 'silent' })

describe('job engine', () => {
  const database = useTestDatabase()
  const engines: JobEngine[] = []
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()))
  })

  const settings = (overrides: Partial<JobEngineSettings> = {}): JobEngineSettings => ({
    ...jobEngineSettings(testConfig({ DATABASE_URL: database.url })),
    ...overrides,
  })
  const engine = (overrides: Partial<JobEngineSettings> = {}) => {
    const made = createJobEngine(database.db, settings(overrides), logger)
    engines.push(made)
    return made
  }

  it('writes a job inside a transaction: kept on commit, gone on rollback', async () => {
    const jobs = engine()
    const seen: unknown[] = []
    jobs.work<{ n: number }>('echo', async (job) => {
      seen.push(job.data.n)
    })
    await jobs.start({ poll: false })

    await database.db.transaction(async (trx) => {
      expect(await jobs.send('echo', { n: 1 }, { trx })).toEqual(expect.any(String))
    })
    await expect(
      database.db.transaction(async (trx) => {
        await jobs.send('echo', { n: 2 }, { trx })
        throw new Error('business change refused')
      }),
    ).rejects.toThrow('business change refused')

    expect(await jobs.runDue('echo')).toEqual({ completed: 1, retried: 0, failed: 0 })
    expect(seen).toEqual([1])
  })

  it('writes one job for one idempotency key', async () => {
    const jobs = engine()
    let runs = 0
    jobs.work('once', async () => {
      runs++
    })
    await jobs.start({ poll: false })
    const first = await jobs.send('once', {}, { idempotencyKey: 'message-7' })
    expect(first).toEqual(expect.any(String))
    expect(await jobs.send('once', {}, { idempotencyKey: 'message-7' })).toBeNull()
    expect(await jobs.send('once', {}, { idempotencyKey: 'message-8' })).not.toBe(first)
    await jobs.runDue('once')
    expect(runs).toBe(2)
  })

  it('retries a failing job and ends it failed when no try is left', async () => {
    const jobs = engine()
    const lastErrors: Array<string | undefined> = []
    jobs.work(
      'flaky',
      async (job) => {
        lastErrors.push(job.lastError)
        throw new Error('vendor down')
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    )
    await jobs.start({ poll: false })
    await jobs.send('flaky', {})
    expect(await jobs.runDue('flaky')).toEqual({ completed: 0, retried: 1, failed: 0 })
    // The retry waits out its backoff unless asked for.
    expect(await jobs.runDue('flaky')).toEqual({ completed: 0, retried: 0, failed: 0 })
    expect(await jobs.runDue('flaky', { includeDelayed: true })).toEqual({
      completed: 0,
      retried: 0,
      failed: 1,
    })
    // A retry knows why the try before it failed.
    expect(lastErrors).toEqual([undefined, 'vendor down'])
  })

  it('refuses a send to a queue nobody declared', async () => {
    const jobs = engine()
    await jobs.start({ poll: false })
    await expect(jobs.send('typo', {})).rejects.toThrow('never declared')
  })
})
