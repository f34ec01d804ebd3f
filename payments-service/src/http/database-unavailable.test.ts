import { describe, expect, it } from 'vitest'
import knex from 'knex'
import { useAppWithoutDatabase, useTestApp } from '../test/app.ts'
import { isDatabaseUnavailable } from './database-unavailable.ts'

describe('with PostgreSQL unreachable', () => {
  const db = useAppWithoutDatabase()

  it('answers requests that need the database at once with a Persian 503', async () => {
    const started = performance.now()
    const response = await db.api.get('/api/rates/')
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(response.status).toBe(503)
    expect(response.body).toEqual({
      detail: 'سرویس موقتاً در دسترس نیست. لطفاً چند لحظه بعد دوباره تلاش کنید.',
      code: 'service_unavailable',
    })
    expect(response.headers.get('retry-after')).toBe('5')
  })
})

describe('after PostgreSQL dropped every connection', () => {
  const t = useTestApp()

  it('serves the next requests on new connections', async () => {
    expect((await t.api.get('/api/rates/')).status).toBe(200)
    // What a restart does to the pooled connections: the server ends them all.
    const admin = knex({ client: 'pg', connection: t.deps.config.DATABASE_URL })
    try {
      await admin.raw(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    } finally {
      await admin.destroy()
    }
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1) statuses.push((await t.api.get('/api/rates/')).status)
    // A connection may die under a request (503, never 500); the rest are served again.
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(statuses.slice(-3)).toEqual([200, 200, 200])
  })
})

describe('isDatabaseUnavailable', () => {
  it('knows outages from query bugs', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(
      isDatabaseUnavailable({
        name: 'DBError',
        nativeError: { code: '57P03', message: 'starting' },
      }),
    ).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name: 'KnexTimeoutError' }))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '42P01' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
