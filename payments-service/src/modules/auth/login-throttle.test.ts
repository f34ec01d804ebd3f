import { beforeEach, describe, expect, it } from 'vitest'
import { User } from '../../models/user.model.ts'
import { requestCode, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { createPasswordHasher, type PasswordHasher } from './password.ts'

const LOGIN = '/api/auth/login/'
const PASSWORD = 'correct horse 1'
const WRONG = { detail: 'شماره تلفن یا رمز عبور اشتباه است', code: 'invalid_credentials' }

const limited = (minutes: string, retryAfter: number) => ({
  detail: `تعداد تلاش‌های ناموفق ورود زیاد است. ${minutes} دقیقه دیگر دوباره تلاش کنید.`,
  code: 'login_rate_limited',
  retry_after: retryAfter,
})

/** Cheap argon2 (the limits are under test, not the hash) that counts the checks it makes. */
function countingHasher() {
  const inner = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 })
  const calls = { verify: 0 }
  const hasher: PasswordHasher = {
    params: inner.params,
    hash: (password) => inner.hash(password),
    verify: (hash, password) => {
      calls.verify += 1
      return inner.verify(hash, password)
    },
    verifyDummy: (password) => {
      calls.verify += 1
      return inner.verifyDummy(password)
    },
    needsRehash: (hash) => inner.needsRehash(hash),
  }
  return { hasher, calls }
}

describe('login throttling (defaults: 10 per account, 50 per IP, 15 minutes)', () => {
  const { hasher, calls } = countingHasher()
  const t = useTestApp({ overrides: { passwords: hasher } })
  beforeEach(() => {
    calls.verify = 0
  })

  const login = (body: Record<string, unknown>, ip = '198.51.100.20') =>
    t.api.post(LOGIN, body, { headers: { 'X-Forwarded-For': ip } })

  /** What a client sees: status, body and Retry-After. */
  const seen = async (body: Record<string, unknown>, ip?: string) => {
    const response = await login(body, ip)
    return [response.status, response.body, response.headers.get('retry-after')] as const
  }

  async function failTimes(count: number, body: Record<string, unknown>, ip?: string) {
    for (let i = 0; i < count; i++) {
      const response = await login({ password: 'wrong password', ...body }, ip)
      expect([response.status, response.body], `failure ${i + 1}`).toEqual([401, WRONG])
    }
  }

  it('refuses the 11th attempt on a phone, even with the right password, unhashed', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    for (let i = 0; i < 10; i++) {
      await failTimes(1, { phone: user.phone, username: user.phone })
      t.clock.advance(30)
    }
    calls.verify = 0
    const response = await login({ phone: user.phone, username: user.phone, password: PASSWORD })
    expect(response.status).toBe(429)
    // The first failure was 300 s ago; it stops counting 900 s after it happened.
    expect(response.body).toEqual(limited('۱۰', 600))
    expect(response.headers.get('retry-after')).toBe('600')
    expect(calls.verify).toBe(0)
  })

  it('answers a phone without an account exactly like one with an account', async () => {
    const known = (await insertUser(t.deps, { password: PASSWORD })).phone
    const unknown = uniquePhone()
    const transcript = async (phone: string) => {
      const answers = []
      for (let i = 0; i < 10; i++) {
        answers.push(await seen({ phone, username: phone, password: `guess ${i}` }))
        t.clock.advance(7)
      }
      answers.push(await seen({ phone, username: phone, password: PASSWORD }))
      t.clock.advance(60)
      answers.push(await seen({ phone, username: phone, password: PASSWORD }))
      return answers
    }
    const a = await transcript(known)
    const b = await transcript(unknown)
    expect(b).toEqual(a)
    expect(a.map(([status]) => status)).toEqual([...Array(10).fill(401), 429, 429])
    expect(a.at(-1)).toEqual([429, limited('۱۳', 900 - 70 - 60), String(900 - 70 - 60)])
  })

  it('counts every spelling of the phone against the same account', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    const persian = user.phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
    const plus98 = `+98${user.phone.slice(1)}`
    await failTimes(3, { phone: persian })
    await failTimes(3, { username: plus98 })
    await failTimes(2, { username: user.phone })
    // Something else in the phone field does not hide the account named as username.
    await failTimes(2, { phone: 'not-a-phone', username: user.phone })
    const response = await login({ phone: plus98, password: PASSWORD })
    expect([response.status, response.body]).toEqual([429, limited('۱۵', 900)])
  })

  it('refuses a client IP after 50 failures across many phones, and only that IP', async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < 50; i++) await failTimes(1, { phone: uniquePhone() }, ip)
    const user = await insertUser(t.deps, { password: PASSWORD })
    calls.verify = 0
    const blocked = await login({ phone: user.phone, password: PASSWORD }, ip)
    expect([blocked.status, blocked.body]).toEqual([429, limited('۱۵', 900)])
    expect(blocked.headers.get('retry-after')).toBe('900')
    // Only web's own last hop counts: prepending another address changes nothing.
    const spoofed = await login({ phone: user.phone, password: PASSWORD }, `192.0.2.1, ${ip}`)
    expect(spoofed.status).toBe(429)
    expect(calls.verify).toBe(0)

    expect((await login({ phone: user.phone, password: PASSWORD }, '203.0.113.51')).status).toBe(
      200,
    )
  })

  it("clears the account's count on success, but not the IP's", async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    await failTimes(9, { phone: user.phone })
    expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(200)
    await failTimes(10, { phone: user.phone })
    expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(429)

    const perIp = await t.deps
      .db('login_attempts')
      .where({ scope: 'ip', key: '198.51.100.20' })
      .count({ n: '*' })
    expect(perIp).toEqual([{ n: 19 }])
  })

  it('does not clear another account that a successful request also named', async () => {
    const attacker = await insertUser(t.deps, { password: 'attacker password' })
    const victim = await insertUser(t.deps, { password: PASSWORD })
    await failTimes(9, { phone: victim.phone })
    const own = await login({
      phone: attacker.phone,
      username: victim.phone,
      password: 'attacker password',
    })
    expect(own.status).toBe(200)
    await failTimes(1, { phone: victim.phone })
    expect((await login({ phone: victim.phone, password: PASSWORD })).status).toBe(429)
  })

  it('lets each failure count for 15 minutes only (rolling window)', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    await failTimes(5, { phone: user.phone })
    t.clock.advance(600)
    await failTimes(5, { phone: user.phone })
    expect(await seen({ phone: user.phone, password: PASSWORD })).toEqual([
      429,
      limited('۵', 300),
      '300',
    ])
    t.clock.advance(299)
    expect((await login({ phone: user.phone, password: PASSWORD })).body).toEqual(limited('۱', 1))
    t.clock.advance(1)
    // The first five expired: five more failures fit, then the second five must expire.
    await failTimes(5, { phone: user.phone })
    expect((await login({ phone: user.phone, password: PASSWORD })).body).toEqual(
      limited('۱۰', 600),
    )
    t.clock.advance(600)
    expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(200)
  })

  it('clears the count when the phone resets its password', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    await failTimes(10, { phone: user.phone })
    expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(429)
    const code = await requestCode(t.api, user.phone, 'reset')
    const reset = await t.api.post('/api/auth/password/reset/', {
      phone: user.phone,
      code,
      new_password: 'new password 2',
    })
    expect(reset.status).toBe(200)
    expect((await login({ phone: user.phone, password: 'new password 2' })).status).toBe(200)
  })

  it('lets no more than 10 parallel guesses through', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login({ phone: user.phone, password: `guess ${i}` })),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)])
    expect(calls.verify).toBe(10)
  })

  it('lets no more than 10 parallel guesses at one account through from as many addresses', async () => {
    // Each request also locks its own address: the account's lock must still be one lock.
    const user = await insertUser(t.deps, { password: PASSWORD })
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login({ phone: user.phone, password: `guess ${i}` }, `203.0.113.${i + 1}`),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)])
    expect(calls.verify).toBe(10)
  })

  it('does not count the right password on a blocked account as a failure', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD, blocked: true })
    for (let i = 0; i < 12; i++) {
      expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(403)
    }
    await User.query(t.deps.db).findById(user.id).patch({ blocked_at: null })
    expect((await login({ phone: user.phone, password: PASSWORD })).status).toBe(200)
  })

  it('counts absurdly long names too, without failing', async () => {
    const long = 'x'.repeat(5000)
    await failTimes(10, { username: long })
    const response = await login({ username: long, password: PASSWORD })
    expect([response.status, response.body]).toEqual([429, limited('۱۵', 900)])
  })
})

describe('login throttling with other limits', () => {
  const { hasher } = countingHasher()
  const t = useTestApp({
    overrides: { passwords: hasher },
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '5',
      LOGIN_FAILURE_WINDOW_MINUTES: '60',
    },
  })

  it('reads them from the environment', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    for (let i = 0; i < 3; i++) {
      expect((await t.api.post(LOGIN, { phone: user.phone, password: 'nope' })).status).toBe(401)
    }
    const account = await t.api.post(LOGIN, { phone: user.phone, password: PASSWORD })
    expect(account.body).toEqual(limited('۶۰', 3600))
    for (let i = 0; i < 2; i++) {
      expect((await t.api.post(LOGIN, { phone: uniquePhone(), password: 'nope' })).status).toBe(401)
    }
    const ip = await t.api.post(LOGIN, { phone: uniquePhone(), password: 'nope' })
    expect(ip.status).toBe(429)
  })
})
