import type { AuthTokens } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { User } from '../../models/user.model.ts'
import { useTestApp } from '../../test/app.ts'
import { interleavedMedians } from '../../test/timing.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'

const LOGIN = '/api/auth/login/'
const WRONG = { detail: 'شماره تلفن یا رمز عبور اشتباه است', code: 'invalid_credentials' }

describe('POST /api/auth/login/', () => {
  const t = useTestApp()

  it('signs in with phone and username together, as the spec client sends them', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1' })
    const response = await t.api.post<AuthTokens>(LOGIN, {
      username: user.phone,
      phone: user.phone,
      password: 'my password 1',
    })
    expect(response.status).toBe(200)
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh'])
    const me = await t.api.get('/api/auth/me/', { token: response.body.access })
    expect(me.body).toMatchObject({ id: user.id, username: user.phone })
    const after = await User.query(t.deps.db).findById(user.id)
    expect(after?.last_login_at).toEqual(t.clock.now())
  })

  it('signs in with only the phone or only the username, digits normalised', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1' })
    const persianPhone = user.phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
    const byPhone = await t.api.post(LOGIN, { phone: persianPhone, password: 'my password 1' })
    const byUsername = await t.api.post(LOGIN, {
      username: `+98${user.phone.slice(1)}`,
      password: 'my password 1',
    })
    expect([byPhone.status, byUsername.status]).toEqual([200, 200])
  })

  it('normalises Persian digits in the password', async () => {
    const user = await insertUser(t.deps, { password: 'pass1234' })
    const response = await t.api.post(LOGIN, { phone: user.phone, password: 'pass۱۲۳۴' })
    expect(response.status).toBe(200)
  })

  it('answers a wrong password and an unknown phone identically with 401', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1' })
    const wrong = await t.api.post(LOGIN, { phone: user.phone, password: 'not my password' })
    const unknown = await t.api.post(LOGIN, { phone: uniquePhone(), password: 'not my password' })
    expect([wrong.status, wrong.body]).toEqual([401, WRONG])
    expect([unknown.status, unknown.body]).toEqual([401, WRONG])
  })

  it('spends comparable time on an unknown phone (argon2 on a dummy hash)', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1' })
    const [known, unknown] = await interleavedMedians(
      () => t.api.post(LOGIN, { phone: user.phone, password: 'nope nope' }),
      () => t.api.post(LOGIN, { phone: uniquePhone(), password: 'nope nope' }),
    )
    expect(unknown / known).toBeGreaterThan(0.5)
  })

  it('answers missing fields with field errors', async () => {
    const response = await t.api.post(LOGIN, {})
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      phone: ['شماره تلفن را وارد کنید'],
      password: ['رمز عبور را وارد کنید'],
    })
    const blank = await t.api.post(LOGIN, { username: ' ', phone: '', password: '' })
    expect(blank.body).toEqual({
      phone: ['شماره تلفن را وارد کنید'],
      password: ['رمز عبور را وارد کنید'],
    })
  })

  it('refuses a blocked account, and says so only to someone who knows the password', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1', blocked: true })
    const right = await t.api.post(LOGIN, { phone: user.phone, password: 'my password 1' })
    expect(right.status).toBe(403)
    expect(right.body).toEqual({
      detail: 'حساب کاربری شما مسدود شده است. با پشتیبانی تماس بگیرید.',
      code: 'account_blocked',
    })
    const wrong = await t.api.post(LOGIN, { phone: user.phone, password: 'guess' })
    expect([wrong.status, wrong.body]).toEqual([401, WRONG])
  })

  it('upgrades a hash made with weaker argon2 parameters', async () => {
    const user = await insertUser(t.deps, { password: 'my password 1' })
    const { createPasswordHasher } = await import('./password.ts')
    const weak = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 })
    await User.query(t.deps.db)
      .findById(user.id)
      .patch({ password_hash: await weak.hash('my password 1') })
    expect((await t.api.post(LOGIN, { phone: user.phone, password: 'my password 1' })).status).toBe(
      200,
    )
    const after = await User.query(t.deps.db).findById(user.id)
    expect(after?.password_hash).toMatch(/m=19456,p=1,t=2/)
  })
})
