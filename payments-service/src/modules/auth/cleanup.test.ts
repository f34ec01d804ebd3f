import { describe, expect, it } from 'vitest'
import { addSeconds } from '../../lib/clock.ts'
import { OtpChallenge } from '../../models/otp-challenge.model.ts'
import { RefreshToken } from '../../models/refresh-token.model.ts'
import { User } from '../../models/user.model.ts'
import { requestCode, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { AUTH_CLEANUP_QUEUE, deleteExpiredAuthRows } from './cleanup.ts'

const HOUR = 3600
const WINDOW = 15 * 60

describe('clean-up of expired auth rows', () => {
  const t = useTestApp()
  const cleanup = () =>
    deleteExpiredAuthRows({ db: t.deps.db, clock: t.clock, loginWindowSeconds: WINDOW })
  const ago = (seconds: number) => addSeconds(t.clock.now(), -seconds)

  /** Every kind of row on both sides of each rule; `tag` says which should survive. */
  async function seed() {
    const user = await insertUser(t.deps)
    const otp = (tag: string, createdAgo: number, expiresIn: number) =>
      OtpChallenge.query(t.deps.db).insert({
        phone: uniquePhone(),
        purpose: 'register',
        nonce: tag,
        delivered: true,
        client_ip: '203.0.113.1',
        attempts: 0,
        created_at: ago(createdAgo),
        expires_at: addSeconds(ago(createdAgo), expiresIn),
      })
    await otp('gone: expired an hour ago', HOUR + 1, 120)
    await otp('gone: used, over an hour old', HOUR, 120)
    await otp('kept: expired but counts for the hourly send limit', HOUR - 1, 120)
    await otp('kept: still running', 30, 120)

    const attempt = (scope: string, key: string, createdAgo: number) =>
      t.deps.db('login_attempts').insert({ scope, key, created_at: ago(createdAgo) })
    await attempt('account', 'gone: window passed', WINDOW)
    await attempt('ip', 'gone: window passed', WINDOW + 60)
    await attempt('account', 'kept: inside the window', WINDOW - 1)
    await attempt('ip', 'kept: inside the window', 0)

    const token = (tag: string, fields: { expiresIn: number; used?: boolean; revoked?: boolean }) =>
      RefreshToken.query(t.deps.db).insert({
        user_id: user.id,
        family_id: '00000000-0000-4000-8000-000000000001',
        token_hash: tag.padEnd(64, '.').slice(0, 64),
        expires_at: addSeconds(t.clock.now(), fields.expiresIn),
        used_at: fields.used ? ago(60) : null,
        revoked_at: fields.revoked ? ago(60) : null,
        created_at: ago(60),
      })
    await token('gone: expired', { expiresIn: -1 })
    await token('gone: expired at this second', { expiresIn: 0 })
    await token('gone: revoked and expired', { expiresIn: -1, revoked: true })
    await token('gone: rotated and expired', { expiresIn: -1, used: true })
    await token('kept: live', { expiresIn: 60 })
    await token('kept: revoked, not yet expired', { expiresIn: 60, revoked: true })
    await token('kept: rotated, replay still detectable', { expiresIn: 60, used: true })
    return user
  }

  const remaining = async () => ({
    otp_challenges: (await OtpChallenge.query(t.deps.db).orderBy('id')).map((row) => row.nonce),
    login_attempts: (
      (await t.deps.db('login_attempts').orderBy('id').select('key')) as Array<{ key: string }>
    ).map((row) => row.key),
    refresh_tokens: (await RefreshToken.query(t.deps.db).orderBy('id')).map((row) =>
      row.token_hash.replace(/\.+$/, ''),
    ),
  })

  it('deletes what no rule reads any more, and nothing else', async () => {
    const user = await seed()
    expect(await cleanup()).toEqual({
      otp_challenges: 2,
      login_attempts: 2,
      refresh_tokens: 4,
      otp_failures: 0,
      otp_locks: 0,
    })
    expect(await remaining()).toEqual({
      otp_challenges: ['kept: expired but counts for the hourly send limit', 'kept: still running'],
      login_attempts: ['kept: inside the window', 'kept: inside the window'],
      refresh_tokens: [
        'kept: live',
        'kept: revoked, not yet expired',
        'kept: rotated, replay still detectable',
      ],
    })
    expect(await User.query(t.deps.db).findById(user.id)).toBeDefined()
    expect(await cleanup()).toEqual({
      otp_challenges: 0,
      login_attempts: 0,
      refresh_tokens: 0,
      otp_failures: 0,
      otp_locks: 0,
    })
  })

  it('deletes wrong codes older than their window and locks that ended', async () => {
    const phone = uniquePhone()
    await t.deps.db('otp_failures').insert([
      { phone, client_ip: '203.0.113.1', created_at: ago(24 * HOUR + 1) },
      { phone, client_ip: '203.0.113.1', created_at: ago(24 * HOUR - 60) },
    ])
    await t.deps.db('otp_locks').insert([
      { phone, failures: 20, locked_until: ago(1), created_at: ago(6 * HOUR + 1) },
      { phone, failures: 20, locked_until: ago(-60), created_at: ago(6 * HOUR - 60) },
    ])
    expect(await cleanup()).toMatchObject({ otp_failures: 1, otp_locks: 1 })
    expect(await t.deps.db('otp_failures').count('* as n')).toEqual([{ n: 1 }])
    expect(await t.deps.db('otp_locks').count('* as n')).toEqual([{ n: 1 }])
  })

  it('can run on several instances at once', async () => {
    await seed()
    const runs = await Promise.all([cleanup(), cleanup(), cleanup()])
    const total = (key: keyof (typeof runs)[number]) => runs.reduce((sum, run) => sum + run[key], 0)
    expect([total('otp_challenges'), total('login_attempts'), total('refresh_tokens')]).toEqual([
      2, 2, 4,
    ])
  })

  it('keeps the hourly OTP limit intact', async () => {
    const phone = uniquePhone()
    for (let i = 0; i < 5; i++) {
      await requestCode(t.api, phone, 'register')
      t.clock.advance(121)
    }
    await cleanup()
    const sixth = await t.api.post('/api/auth/otp/send/', { phone, purpose: 'register' })
    expect(sixth.body).toMatchObject({ code: 'otp_rate_limited' })
    t.clock.advance(HOUR)
    expect((await cleanup()).otp_challenges).toBe(5)
  })

  it('is the auth-cleanup job the engine runs (jobs/background.ts)', async () => {
    await seed()
    expect(await t.deps.jobs.trigger(AUTH_CLEANUP_QUEUE)).toEqual({
      completed: 1,
      retried: 0,
      failed: 0,
    })
    expect((await remaining()).refresh_tokens).toHaveLength(3)
  })
})
