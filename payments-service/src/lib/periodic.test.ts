import type { Logger } from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runPeriodically, sweepPeriodically } from './periodic.ts'

describe('runPeriodically', () => {
  const error = vi.fn()
  const info = vi.fn()
  const logger = { error, info } as unknown as Logger
  beforeEach(() => {
    vi.useFakeTimers()
    error.mockClear()
    info.mockClear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once and then every interval until stopped', async () => {
    const task = vi.fn(async () => undefined)
    const periodic = runPeriodically('test', task, { intervalMs: 1000, logger })
    expect(task).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(task).toHaveBeenCalledTimes(4)
    await periodic.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(task).toHaveBeenCalledTimes(4)
  })

  it('never overlaps runs, and stop() waits for the one in progress', async () => {
    let finish: () => void = () => undefined
    let finished = false
    const task = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true
            resolve()
          }
        }),
    )
    const periodic = runPeriodically('slow', task, { intervalMs: 1000, logger })
    await vi.advanceTimersByTimeAsync(5000)
    expect(task).toHaveBeenCalledTimes(1)
    const stopped = periodic.stop()
    finish()
    await stopped
    expect(finished).toBe(true)
  })

  it('logs a failed run and tries again next time', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(1)
    const periodic = runPeriodically('flaky', task, { intervalMs: 1000, logger })
    await vi.advanceTimersByTimeAsync(1000)
    expect(task).toHaveBeenCalledTimes(2)
    expect(error).toHaveBeenCalledWith(
      { err: expect.any(Error), task: 'flaky' },
      'periodic task failed',
    )
    await periodic.stop()
  })

  it('a sweep logs only the runs that acted, with the count and the first 50 ids', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1)
    const sweep = vi.fn().mockResolvedValueOnce(ids).mockResolvedValue([])
    const periodic = sweepPeriodically('sweep', sweep, {
      intervalMs: 1000,
      logger,
      message: 'swept',
    })
    await vi.advanceTimersByTimeAsync(2000)
    expect(sweep).toHaveBeenCalledTimes(3)
    expect(info).toHaveBeenCalledTimes(1)
    expect(info).toHaveBeenCalledWith({ count: 60, ids: ids.slice(0, 50) }, 'swept')
    await periodic.stop()
  })
})
