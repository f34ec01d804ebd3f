import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createLogger,
  generateDevSecrets,
  migrationCommand,
  startEmbeddedPostgres,
  startServiceProcess,
  tsxNodeCommand,
  waitForHttp,
  withConnection,
  type RunningPostgres,
  type ServiceProcess,
} from '@arzpol/devstack'
import type pg from 'pg'
import { e2ePorts } from './ports.ts'

/**
 * A private PostgreSQL + payments-service for the fault specs, built from the launcher's parts
 * (embedded PostgreSQL, process groups). The shared stack serves every other spec in parallel,
 * so its database and services must never be restarted or killed; this one can be.
 *
 * Ports: derived from the e2e ports (E2E_FAULT_* override), so parallel runs with other e2e ports
 * never collide.
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
export const faultPorts = {
  // Below Linux's ephemeral range (32768-60999): PostgreSQL is stopped and started again while
  // clients keep connecting, and a port in that range can meanwhile become the local end of a
  // client's own socket (a retry towards a port nobody listens on can even connect to itself),
  // so the restarted server could not bind it.
  postgres: port('E2E_FAULT_PG_PORT', e2ePorts.web + 22044),
  payments: port('E2E_FAULT_PAYMENTS_PORT', e2ePorts.payments + 5),
  web: port('E2E_FAULT_WEB_PORT', e2ePorts.web + 5),
}

export interface FaultStack {
  paymentsUrl: string
  databaseUrl: string
  payments(): ServiceProcess
  /** Starts payments-service again after a crash or stop (same port, same database). */
  startPayments(): Promise<void>
  stopPostgres(): Promise<void>
  startPostgres(): Promise<void>
  /** One query against the database, as the test (not through the service). */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>
  /** Everything the services printed, one record per entry. */
  output(): string[]
  stop(): Promise<void>
}

const DATABASE = 'arzpol_faults'

export async function startFaultStack(): Promise<FaultStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arzpol-faults-'))
  // The embedded server runs as the OS user postgres when we are root; it must enter this folder.
  chmodSync(dataDir, 0o755)
  const lines: string[] = []
  const logger = createLogger('faults', (text) => void lines.push(text))
  const secrets = generateDevSecrets()
  let postgres: RunningPostgres | undefined
  let payments: ServiceProcess | undefined

  const startPostgres = async () => {
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: faultPorts.postgres,
      durable: false,
      onLog: (text) => logger.child('postgres').line(text),
    })
  }
  await startPostgres()
  await postgres!.ensureDatabase(DATABASE)
  const databaseUrl = postgres!.url(DATABASE)
  const paymentsUrl = `http://127.0.0.1:${faultPorts.payments}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'development',
    FORCE_COLOR: '0',
    DATABASE_URL: databaseUrl,
    PAYMENTS_HOST: '127.0.0.1',
    PAYMENTS_PORT: String(faultPorts.payments),
    JWT_PRIVATE_KEY: secrets.JWT_PRIVATE_KEY,
    CREDENTIALS_ENCRYPTION_KEY: secrets.CREDENTIALS_ENCRYPTION_KEY,
    OTP_DEV_CODES: 'true',
    SMS_PROVIDER: 'console',
    GATEWAY: 'sandbox',
    ATTACHMENTS_DIR: path.join(dataDir, 'attachments'),
    OTP_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
    OTP_SEND_LIMIT_PER_PHONE_PER_HOUR: '100',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    // The SIGTERM test polls readiness while the listener still answers: on a loaded CI machine
    // the default second can pass before the poll's first connection is read.
    SHUTDOWN_LINGER_MS: '3000',
    LOG_LEVEL: 'info',
  }

  const migrate = startServiceProcess({ name: 'migrate', ...migrationCommand(), env, logger })
  const migrated = await migrate.exited
  if (migrated !== 0) throw new Error(`migrations failed (${migrated}):\n${lines.join('\n')}`)

  const startPayments = async () => {
    payments = startServiceProcess({
      name: 'payments',
      // As the launcher runs it: node with tsx's loader (the tsx CLI would SIGKILL on SIGTERM).
      ...tsxNodeCommand('payments-service', ['src/main.ts']),
      env,
      logger,
    })
    const started = payments
    await waitForHttp(`${paymentsUrl}/healthz`, { isAborted: () => started.hasExited() })
  }
  await startPayments()

  const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    withConnection(databaseUrl, async (client) => (await client.query<T>(sql, params)).rows)

  return {
    paymentsUrl,
    databaseUrl,
    payments: () => payments!,
    startPayments,
    stopPostgres: async () => {
      await postgres?.stop()
      postgres = undefined
    },
    startPostgres,
    query,
    output: () => lines,
    async stop() {
      await payments?.stop()
      await postgres?.stop().catch(() => undefined)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

// ---------------------------------------------------------------------------------------------
// payments-service's API, as web calls it

export interface ApiAnswer {
  status: number
  body: unknown
}

/** A fetch that reports a dropped connection as status 0 instead of throwing. */
export async function callApi(
  url: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, body }
  } catch {
    return { status: 0, body: null }
  }
}

/** Registers a customer through the OTP flow (development codes); returns the access token. */
export async function registerCustomer(base: string, phone: string, password: string) {
  const sent = await callApi(`${base}/api/auth/otp/send/`, {
    method: 'POST',
    body: { phone, purpose: 'register' },
  })
  if (sent.status !== 200) throw new Error(`otp/send answered ${sent.status}`)
  const code = (sent.body as { dev_code: string }).dev_code
  const registered = await callApi(`${base}/api/auth/register/`, {
    method: 'POST',
    body: { phone, password, code },
  })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
  return (registered.body as { access: string }).access
}
