import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationCommand } from './dev-database.ts'
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts'
import { getFreePort } from './network.ts'
import { describeStaffAdmin, ensureDevStaffAdmin, type DevStaffAdmin } from './staff-admin.ts'

const STAFF_URL = 'http://127.0.0.1:3000/staff'

describe('describeStaffAdmin', () => {
  const admin: DevStaffAdmin = {
    phone: '09120000000',
    username: 'dev-admin',
    role: 'admin',
    created: false,
    password: 'generated-secret',
  }

  it('prints the login and says the first sign-in enrols a second factor', () => {
    const line = describeStaffAdmin(STAFF_URL, admin)
    expect(line).toContain(`${STAFF_URL}  (login 09120000000 / generated-secret;`)
    expect(line).toContain('TOTP')
  })

  it('never prints a password that no longer opens the account', () => {
    const line = describeStaffAdmin(STAFF_URL, { ...admin, password: undefined })
    expect(line).not.toContain('generated-secret')
    expect(line).toContain('npm run create-staff')
  })

  it('says so when the phone belongs to a customer, or when there is no admin', () => {
    expect(describeStaffAdmin(STAFF_URL, { ...admin, role: 'customer' })).toContain(
      'STAFF_ADMIN_PHONE',
    )
    expect(describeStaffAdmin(STAFF_URL, undefined)).toContain('no development admin')
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
      env: process.env,
    }
    expect(await ensureDevStaffAdmin(options)).toEqual({
      phone: '09120000000',
      username: 'dev-admin',
      role: 'admin',
      created: true,
      password: '-starts-like-an-option',
    })
    expect(await ensureDevStaffAdmin(options)).toMatchObject({
      created: false,
      password: '-starts-like-an-option',
    })

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
})
