import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { AuthTokens } from '@arzpol/contracts'
import { User } from '../models/user.model.ts'
import { createPasswordHasher } from '../modules/auth/password.ts'
import { registerUser, useTestApp } from '../test/app.ts'
import { useTestDatabase } from '../test/db.ts'
import { uniquePhone } from '../test/factories.ts'
import { signInWithSecondFactor } from '../test/sessions.ts'
import { createStaff, ensureStaff, StaffInput } from './create-staff.ts'

const run = promisify(execFile)
const SERVICE_DIR = path.resolve(import.meta.dirname, '..', '..')
const weakHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 })

describe('create-staff', () => {
  const database = useTestDatabase()

  it('creates a support account whose username is its phone by default', async () => {
    const { user, created } = await createStaff(
      database.db,
      weakHasher,
      StaffInput.parse({ phone: '۰۹۱۲۱۱۱۲۲۳۳', password: 'staff password', role: 'support' }),
    )
    expect(created).toBe(true)
    expect(user).toMatchObject({ phone: '09121112233', username: '09121112233', role: 'support' })
    expect(await weakHasher.verify(user.password_hash, 'staff password')).toBe(true)
  })

  it('promotes an existing account and sets its password and username', async () => {
    await createStaff(database.db, weakHasher, {
      phone: '09121112244',
      password: 'first password',
      role: 'support',
    })
    const { user, created } = await createStaff(database.db, weakHasher, {
      phone: '09121112244',
      password: 'second password',
      role: 'admin',
      username: 'sara',
    })
    expect(created).toBe(false)
    expect(user).toMatchObject({ role: 'admin', username: 'sara' })
    expect(await weakHasher.verify(user.password_hash, 'second password')).toBe(true)
    expect(await User.query(database.db).where({ phone: '09121112244' }).resultSize()).toBe(1)
  })

  it('issues a one-time enrolment link whenever the account is left without an authenticator (ADR 035)', async () => {
    const settings = { webPublicUrl: 'https://arzpol.example/', lifetimeHours: 3 }
    const input = { phone: '09121112288', password: 'first password', role: 'support' as const }
    const made = await createStaff(database.db, weakHasher, input, settings)
    expect(made.enrolmentLink?.url).toMatch(
      /^https:\/\/arzpol\.example\/staff\/enrol\?link=[A-Za-z0-9_-]{43}$/,
    )
    expect(made.enrolmentLink?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 2.9 * 3600_000)
    const links = () =>
      database.db('staff_enrolment_links').where({ user_id: made.user.id }).orderBy('id')
    expect(await links()).toEqual([expect.objectContaining({ issued_by: null, revoked_at: null })])
    const audit = await database
      .db('staff_audit_log')
      .where({ subject_type: 'user', subject_id: String(made.user.id) })
      .orderBy('id')
    expect(audit.map((row: { actor: string; action: string }) => [row.actor, row.action])).toEqual([
      ['cli', 'staff_account_set'],
      ['cli', 'user_changed'],
    ])

    // Still not enrolled: a new password comes with a new link, and the old link stops working.
    const again = await createStaff(database.db, weakHasher, { ...input, password: 'second one' })
    expect(again.enrolmentLink?.url).not.toBe(made.enrolmentLink?.url)
    expect(
      (await links()).map((row: { revoked_at: Date | null }) => row.revoked_at !== null),
    ).toEqual([true, false])

    // Enrolled: no link, unless the second factor is reset.
    await database.db('staff_second_factors').insert({
      user_id: made.user.id,
      secret_ciphertext: Buffer.from('sealed'),
      secret_key_id: 'k1',
      confirmed_at: new Date(),
    })
    const kept = await createStaff(database.db, weakHasher, { ...input, password: 'third one' })
    expect(kept.enrolmentLink).toBeNull()
    const reset = await createStaff(database.db, weakHasher, {
      ...input,
      password: 'fourth one',
      resetSecondFactor: true,
    })
    expect(reset.enrolmentLink?.url).toContain('/staff/enrol?link=')
  })

  it('forgets an account’s second factor only when asked, so it enrols again (ADR 015)', async () => {
    const { user } = await createStaff(database.db, weakHasher, {
      phone: '09121112255',
      password: 'first password',
      role: 'support',
    })
    const enrol = async () => {
      await database.db('staff_second_factors').insert({
        user_id: user.id,
        secret_ciphertext: Buffer.from('sealed'),
        secret_key_id: 'k1',
        confirmed_at: new Date(),
      })
      await database.db('staff_recovery_codes').insert({ user_id: user.id, code_hash: 'x' })
    }
    const rows = async () => [
      (await database.db('staff_second_factors').where({ user_id: user.id })).length,
      (await database.db('staff_recovery_codes').where({ user_id: user.id })).length,
    ]
    await enrol()
    const kept = await createStaff(database.db, weakHasher, {
      phone: '09121112255',
      password: 'second password',
      role: 'support',
    })
    expect(kept.secondFactorReset).toBe(false)
    expect(await rows()).toEqual([1, 1])
    const reset = await createStaff(database.db, weakHasher, {
      phone: '09121112255',
      password: 'third password',
      role: 'support',
      resetSecondFactor: true,
    })
    expect(reset.secondFactorReset).toBe(true)
    expect(await rows()).toEqual([0, 0])
  })

  it('with --if-missing creates an account once and afterwards leaves it as it is', async () => {
    const input = StaffInput.parse({
      phone: '09121112266',
      password: 'generated password',
      role: 'admin',
      username: 'dev-admin',
    })
    const first = await ensureStaff(database.db, weakHasher, input)
    expect(first).toMatchObject({ created: true, passwordMatches: true })
    expect(first.user).toMatchObject({ role: 'admin', username: 'dev-admin' })
    // Not enrolled yet: every start gets a link of its own (`npm run dev` prints it).
    const unenrolled = await ensureStaff(database.db, weakHasher, input)
    expect(first.enrolmentLink?.url).toContain('/staff/enrol?link=')
    expect(unenrolled.enrolmentLink?.url).toContain('/staff/enrol?link=')
    expect(unenrolled.enrolmentLink?.url).not.toBe(first.enrolmentLink?.url)
    await database.db('staff_second_factors').insert({
      user_id: first.user.id,
      secret_ciphertext: Buffer.from('sealed'),
      secret_key_id: 'k1',
      confirmed_at: new Date(),
    })
    const stored = await User.query(database.db).findById(first.user.id)

    const again = await ensureStaff(database.db, weakHasher, input)
    expect(again).toMatchObject({ created: false, passwordMatches: true, enrolmentLink: null })
    expect(await User.query(database.db).findById(first.user.id)).toEqual(stored)
    expect(
      await database.db('staff_second_factors').where({ user_id: first.user.id }),
    ).toHaveLength(1)

    // Someone set another password (create-staff without --if-missing): it is kept and the
    // caller learns that the one it holds no longer opens the account.
    await createStaff(database.db, weakHasher, { ...input, password: 'chosen by hand' })
    const changed = await ensureStaff(database.db, weakHasher, input)
    expect(changed).toMatchObject({ created: false, passwordMatches: false })
    expect(await weakHasher.verify(changed.user.password_hash, 'chosen by hand')).toBe(true)
  })

  it('validates its input', () => {
    const result = StaffInput.safeParse({ phone: '123', password: 'short', role: 'customer' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      'phone',
      'password',
      'role',
    ])
  })

  it('runs as a command with DATABASE_URL and exits non-zero on bad arguments', async () => {
    const cli = path.join(SERVICE_DIR, 'node_modules', '.bin', 'tsx')
    const tsx = (await import('node:fs')).existsSync(cli)
      ? cli
      : path.join(SERVICE_DIR, '..', 'node_modules', '.bin', 'tsx')
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      WEB_PUBLIC_URL: 'https://web.example',
    }
    const ok = await run(
      tsx,
      [
        'src/cli/create-staff.ts',
        '--phone',
        '09121112255',
        '--password',
        'cli password',
        '--role',
        'admin',
      ],
      { cwd: SERVICE_DIR, env },
    )
    expect(ok.stdout).toMatch(/created admin #\d+ \(09121112255\)/)
    // The operator hands the new admin this link: enrolling needs it besides the password.
    expect(ok.stdout).toMatch(
      /enrolment link \(works once, until [^)]+\): https:\/\/web\.example\/staff\/enrol\?link=[A-Za-z0-9_-]{43}\n/,
    )
    const user = await User.query(database.db).findOne({ phone: '09121112255' })
    expect(user?.role).toBe('admin')

    const bad = await run(tsx, ['src/cli/create-staff.ts', '--phone', '0912', '--password', 'x'], {
      cwd: SERVICE_DIR,
      env,
    }).catch((error: { code: number; stderr: string }) => error)
    expect(bad).toMatchObject({ code: 2 })
    expect((bad as { stderr: string }).stderr).toContain('usage: create-staff')

    const args = ['--phone', '09121112277', '--password', 'json password', '--role', 'admin']
    const outcome = async () => {
      const { stdout } = await run(
        tsx,
        ['src/cli/create-staff.ts', ...args, '--username', 'json-admin', '--if-missing', '--json'],
        { cwd: SERVICE_DIR, env },
      )
      return JSON.parse(stdout) as unknown
    }
    const expected = { role: 'admin', username: 'json-admin', phone: '09121112277' }
    const enrolmentLink = expect.stringMatching(
      /^https:\/\/web\.example\/staff\/enrol\?link=[A-Za-z0-9_-]{43}$/,
    ) as unknown
    expect(await outcome()).toMatchObject({
      action: 'created',
      passwordMatches: true,
      enrolmentLink,
      ...expected,
    })
    expect(await outcome()).toMatchObject({
      action: 'kept',
      passwordMatches: true,
      enrolmentLink,
      ...expected,
    })

    const { DATABASE_URL: _unset, ...withoutDatabase } = env
    const lost = await run(tsx, ['src/cli/create-staff.ts', ...args], {
      cwd: SERVICE_DIR,
      env: withoutDatabase,
    }).catch((error: { code: number; stderr: string }) => error)
    expect(lost).toMatchObject({ code: 2 })
    expect((lost as { stderr: string }).stderr).toContain('npm run create-staff -- …')
  }, 60_000)
})

describe('create-staff ends the sessions of an existing account', () => {
  const t = useTestApp()

  const me = (token: string) => t.api.get('/api/auth/me/', { token })
  const refresh = (token: string) =>
    t.api.post<AuthTokens>('/api/auth/token/refresh/', { refresh: token })
  const catchUpWithRealTime = () =>
    t.clock.advance(Math.ceil((Date.now() - t.clock.now().getTime()) / 1000) + 1)
  const expectEnded = async (sessions: AuthTokens[]) => {
    for (const tokens of sessions) {
      expect((await me(tokens.access)).status).toBe(401)
      expect((await refresh(tokens.refresh)).status).toBe(401)
    }
  }

  it('for an existing account, and with --reset-second-factor, every session ends at once', async () => {
    const phone = uniquePhone()
    const first = await registerUser(t.api, phone, 'customer password')
    const second = await t.api.post<AuthTokens>('/api/auth/login/', {
      phone,
      password: 'customer password',
    })
    expect(second.status).toBe(200)
    for (const tokens of [first, second.body]) expect((await me(tokens.access)).status).toBe(200)

    await createStaff(t.deps.db, weakHasher, { phone, password: 'staff password', role: 'support' })
    await expectEnded([first, second.body])
    // The command keeps real time; the app's clock moves by hand and starts a little behind.
    catchUpWithRealTime()

    // --if-missing leaves an existing account, and its sessions, as they are.
    const { tokens, secret } = await signInWithSecondFactor(t, phone, 'staff password')
    const kept = await ensureStaff(t.deps.db, weakHasher, {
      phone,
      password: 'staff password',
      role: 'support',
    })
    expect(kept.created).toBe(false)
    expect((await me(tokens.access)).status).toBe(200)

    // Lost authenticator: the reset ends the staff sessions that passed the old one, too.
    t.clock.advance(30)
    const later = await signInWithSecondFactor(t, phone, 'staff password', secret)
    const reset = await createStaff(t.deps.db, weakHasher, {
      phone,
      password: 'new staff password',
      role: 'support',
      resetSecondFactor: true,
    })
    expect(reset.secondFactorReset).toBe(true)
    await expectEnded([tokens, later.tokens])
    const login = await t.api.post('/api/auth/login/', { phone, password: 'new staff password' })
    expect(login.body).toMatchObject({ code: 'second_factor_enrolment_required' })
  })
})
