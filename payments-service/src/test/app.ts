import { generateKeyPairSync } from 'node:crypto'
import type { AuthTokens } from '@arzpol/contracts'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { createApp } from '../app.ts'
import { composeServices, type Services } from '../composition.ts'
import { envSchema, parseEnv, type AppConfig } from '../config/env.ts'
import { createDeps, type DepsOverrides } from '../deps.ts'
import { declareBackgroundJobs } from '../jobs/background.ts'
import { ManualClock } from './clock.ts'
import { useTestDatabase } from './db.ts'
import { startFakeKavenegar, type FakeKavenegar } from './fake-kavenegar.ts'
import { startTestServer, type TestClient } from './http.ts'
import { withTestSessions, type TestDeps } from './sessions.ts'

export const TEST_PRIVATE_KEY_PEM = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()

/** Configuration as the service would parse it, with test values unless overridden. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  const result = parseEnv(envSchema, {
    APP_ENV: 'test',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused',
    JWT_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OTP_DEV_CODES: 'true',
    ...env,
  })
  if (!result.ok) throw new Error(`test config: ${result.errors.join('; ')}`)
  return result.config
}

export interface TestApp {
  readonly api: TestClient
  /** The app's deps; `tokens.signAccess(user)` opens a session for the token (sessions.ts). */
  readonly deps: TestDeps
  /** The services the app serves with (composition.ts): the same vault, gateway and caches. */
  readonly services: Services
  readonly clock: ManualClock
  readonly kavenegar: FakeKavenegar
  /** Codes the fake Kavenegar received for a phone, once background sending finished. */
  smsCodes(phone: string): Promise<string[]>
}

/**
 * For a test file: the real app on its own database, served over HTTP, with a hand-moved
 * clock and Kavenegar replaced by a local HTTP server (OTP_DEV_CODES on unless overridden).
 */
export function useTestApp(
  options: { env?: Record<string, string>; overrides?: DepsOverrides } = {},
): TestApp {
  const database = useTestDatabase()
  let api: TestClient | undefined
  let deps: TestDeps | undefined
  let services: Services | undefined
  let kavenegar: FakeKavenegar | undefined
  const clock = new ManualClock()

  beforeAll(async () => {
    kavenegar = await startFakeKavenegar()
    const config = testConfig({
      DATABASE_URL: database.url,
      ...kavenegar.env,
      ...options.env,
    })
    deps = withTestSessions(
      await createDeps(config, { db: database.db, clock, ...options.overrides }),
    )
    services = composeServices(deps)
    // The job engine without polling or timers: tests run what is due with
    // `t.deps.jobs.runDue(queue)` or `t.deps.jobs.trigger(queue)` (ADR 032).
    declareBackgroundJobs(deps, services)
    await deps.jobs.start({ poll: false })
    api = await startTestServer(createApp(deps, { services }))
  })
  beforeEach(() => kavenegar?.reset())
  afterAll(async () => {
    await deps?.sms.drain()
    await deps?.jobs.stop()
    await api?.close()
    await kavenegar?.close()
  })

  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${name} exists only inside tests`)
    return value
  }
  return {
    get api() {
      return need(api, 'api')
    },
    get deps() {
      return need(deps, 'deps')
    },
    get services() {
      return need(services, 'services')
    },
    get kavenegar() {
      return need(kavenegar, 'kavenegar')
    },
    clock,
    async smsCodes(phone) {
      await need(deps, 'deps').sms.drain()
      return need(kavenegar, 'kavenegar').codesFor(phone)
    },
  }
}

/** Asks for a code and returns it (from dev_code, which these tests enable). */
export async function requestCode(
  api: TestClient,
  phone: string,
  purpose: 'register' | 'reset',
  headers?: Record<string, string>,
): Promise<string> {
  const response = await api.post<{ expires_in: number; dev_code?: string }>(
    '/api/auth/otp/send/',
    { phone, purpose },
    headers ? { headers } : {},
  )
  expect(response.status, response.text).toBe(200)
  expect(response.body.dev_code).toMatch(/^\d{4}$/)
  return response.body.dev_code ?? ''
}

/** Registers through the API the way the web client does. */
export async function registerUser(
  api: TestClient,
  phone: string,
  password = 'correct horse 1',
): Promise<AuthTokens> {
  const code = await requestCode(api, phone, 'register')
  const response = await api.post<AuthTokens>('/api/auth/register/', { phone, password, code })
  expect(response.status, response.text).toBe(201)
  return response.body
}

/**
 * For a describe block: the app served over HTTP with PostgreSQL unreachable (port 1 on
 * localhost, where nothing listens, so connecting fails at once).
 */
export function useAppWithoutDatabase(): { readonly api: TestClient } {
  let api: TestClient | undefined
  let destroy: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const deps = await createDeps(
      testConfig({ DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:1/none' }),
    )
    destroy = () => deps.db.destroy()
    api = await startTestServer(createApp(deps))
  })
  afterAll(async () => {
    await api?.close()
    await destroy?.()
  })
  return {
    get api() {
      if (!api) throw new Error('useAppWithoutDatabase: used outside a test')
      return api
    },
  }
}
