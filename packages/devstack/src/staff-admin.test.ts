import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationCommand } from './dev-database.ts'
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts'
import { getFreePort } from './network.ts'
import {
  describeStaffAdmin,
  DEV_STAFF_APPROVER_USERNAME,
  ensureDevStaffAdmin,
  type DevStaffAdmin,
} from './staff-admin.ts'

const STAFF_URL = 'http://127.0.0.1:3000/staff'

describe('describeStaffAdmin', () => {
  const admin: DevStaffAdmin = {
    phone: '09120000000',
    username: 'dev-admin',
    role: 'admin',
    created: false,
    password: 'generated-secret',
    enrolmentLink: undefined,
  }
  const LINK = `http://127.0.0.1:3000/staff/enrol?link=${'x'.repeat(43)}`

  it('prints the login and says staff sign in with a second factor', () => {
    const lines = describeStaffAdmin(STAFF_URL, admin)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`${STAFF_URL}  (login 09120000000 / generated-secret;`)
    expect(lines[0]).toContain('TOTP')
  })

  it('while the admin has not enrolled, prints its one-time enrolment link on a short line of its own', () => {
    const lines = describeStaffAdmin(STAFF_URL, { ...admin, enrolmentLink: LINK })
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(LINK)
    expect(lines[1]?.replace(LINK, '').length).toBeLessThanOrEqual(60)
  })

  it('never prints a password that no longer opens the account', () => {
    const [line] = describeStaffAdmin(STAFF_URL, { ...admin, password: undefined })
    expect(line).not.toContain('generated-secret')
    expect(line).toContain('npm run create-staff')
  })

  it('says so when the phone belongs to a customer, or when there is no admin', () => {
    expect(describeStaffAdmin(STAFF_URL, { ...admin, role: 'customer' }).join('\n')).toContain(
      'STAFF_ADMIN_PHONE',
    )
    expect(describeStaffAdmin(STAFF_URL, undefined).join('\n')).toContain('no development admin')
  })
})

describe('ensureDevStaffAdmin', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'arzpol-staff-admin-'))
  chmodSync(root, 0o755) // the server may run as the user postgres
  let postgres: RunningPostgres
  let databaseUrl: string

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(root, 'cluster'),
      port: await getFreePort(),
      durable: false,
    })
    await postgres.ensureDatabase('arzpol')
    databaseUrl = postgres.url('arzpol')
    const migrate = migrationCommand()
    const migrated = spawnSync(migrate.command, migrate.args, {
      cwd: migrate.cwd,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    })
    expect(migrated.status, migrated.stderr).toBe(0)
  }, 120_000)

  afterAll(async () => {
    await postgres?.stop()
    rmSync(root, { recursive: true, force: true })
  })

  it('creates the admin once and keeps it, password and all, on later starts', async () => {
    const options = {
      databaseUrl,
      phone: '09120000000',
      password: '-starts-like-an-option',
      // The address web answers on: the links open its enrolment page.
      env: { ...process.env, WEB_PUBLIC_URL: 'http://127.0.0.1:3999' },
    }
    const link = expect.stringMatching(
      /^http:\/\/127\.0\.0\.1:3999\/staff\/enrol\?link=[A-Za-z0-9_-]{43}$/,
    ) as unknown
    const first = await ensureDevStaffAdmin(options)
    expect(first).toEqual({
      phone: '09120000000',
      username: 'dev-admin',
      role: 'admin',
      created: true,
      password: '-starts-like-an-option',
      enrolmentLink: link,
    })
    // Not enrolled yet: each start prints a new link (the one before stops working).
    const second = await ensureDevStaffAdmin(options)
    expect(second).toMatchObject({
      created: false,
      password: '-starts-like-an-option',
      enrolmentLink: link,
    })
    expect(second.enrolmentLink).not.toBe(first.enrolmentLink)

    // An operator set another password: the launcher keeps it and no longer prints its own.
    const { command: tsx, cwd } = migrationCommand() // payments-service's tsx and folder
    execFileSync(
      tsx,
      [
        'src/cli/create-staff.ts',
        '--phone',
        '09120000000',
        '--password',
        'chosen by hand',
        '--role',
        'admin',
      ],
      { cwd, env: { ...process.env, DATABASE_URL: databaseUrl } },
    )
    expect(await ensureDevStaffAdmin(options)).toMatchObject({
      created: false,
      password: undefined,
    })
  }, 60_000)

  it("makes the second admin, who approves the first one's proposals, under its own name", async () => {
    const approver = await ensureDevStaffAdmin({
      databaseUrl,
      phone: '09120000001',
      password: 'Approver-secret-1',
      username: DEV_STAFF_APPROVER_USERNAME,
      env: { ...process.env, WEB_PUBLIC_URL: 'http://127.0.0.1:3999' },
    })
    expect(approver).toMatchObject({
      phone: '09120000001',
      username: 'dev-approver',
      role: 'admin',
      created: true,
      password: 'Approver-secret-1',
    })
  }, 60_000)
})
