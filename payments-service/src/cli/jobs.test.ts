import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createMetrics } from '../http/metrics.ts'
import { metricSourcesOf } from '../metric-sources.ts'
import { createJobEngine } from '../jobs/engine.ts'
import { jobEngineSettings } from '../jobs/settings.ts'
import { testConfig } from '../test/app.ts'
import { useTestDatabase } from '../test/db.ts'
import { reportFailedJobs, retryJob } from './jobs.ts'

describe('jobs:failed and jobs:retry', () => {
  const database = useTestDatabase()
  let stop: (() => Promise<void>) | undefined
  afterAll(() => stop?.())

  it('list a job that gave up, count it on the gauge, and put it back for one more try', async () => {
    const jobs = createJobEngine(
      database.db,
      jobEngineSettings(testConfig({ DATABASE_URL: database.url })),
      pino({ level: 'silent' }),
    )
    stop = () => jobs.stop()
    let fail = true
    jobs.work(
      'receipt-mail',
      async () => {
        if (fail) throw new Error('mail server said no')
      },
      { retryLimit: 0 },
    )
    await jobs.start({ poll: false })
    const id = await jobs.send('receipt-mail', { order: 7 })
    expect(await jobs.runDue('receipt-mail')).toMatchObject({ failed: 1 })

    const lines: string[] = []
    expect(await reportFailedJobs(database.db, (line) => lines.push(line))).toBe(1)
    expect(lines[0]).toMatch(
      new RegExp(`^${id}  receipt-mail  failed .* after 1 tries  mail server said no$`),
    )
    expect(lines.at(-1)).toBe('jobs:failed: 1 failed job(s)')

    const metrics = createMetrics(metricSourcesOf(database.db))
    expect(await metrics.clusterRegistry.getSingleMetricAsString('arzpol_jobs')).toContain(
      'arzpol_jobs{queue="receipt-mail",state="failed"} 1',
    )

    const said: string[] = []
    expect(
      await retryJob(database.db, '00000000-0000-4000-8000-000000000000', (l) => said.push(l)),
    ).toBe(false)
    expect(await retryJob(database.db, 'not-a-uuid', (l) => said.push(l))).toBe(false)
    expect(await retryJob(database.db, id!, (l) => said.push(l))).toBe(true)
    expect(said.at(-1)).toBe(`jobs:retry: ${id} is back in its queue`)
    fail = false
    expect(await jobs.runDue('receipt-mail')).toEqual({ completed: 1, retried: 0, failed: 0 })
    expect(await reportFailedJobs(database.db, () => undefined)).toBe(0)
  })
})
