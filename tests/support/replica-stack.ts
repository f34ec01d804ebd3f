import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  binCommand,
  createLogger,
  generateDevSecrets,
  migrationCommand,
  sandboxSmsEnv,
  startReplicaSet,
  startServiceProcess,
  tsxNodeCommand,
  waitForHttp,
  withConnection,
  type Replica,
  type ReplicaSet,
  type ServiceProcess,
} from '@arzpol/devstack'
import type pg from 'pg'
import { e2eUrls, workerPort } from './ports.ts'

/**
 * payments-service and web replicas of a spec's own, behind round-robin proxies, built from the
 * launcher's parts (support/fault-stack.ts does the same for a single payments-service): for a
 * spec that needs settings the shared stack cannot take for everyone (a 30-second access token,
 * small per-address budgets), or that kills replicas freely.
 *
 * Its own database on the shared stack's PostgreSQL, migrated here, so its background work (jobs,
 * reconciliation) and its counters never meet the shared stack's, and the checks at the end of
 * the run (ledger, staff audit chain) see only the shared stack's data. The cms is the shared
 * stack's, and so is the sandbox bank unless it has its own (`sandboxBank`: faults no other spec
 * meets); web serves the build global setup made, so it starts in seconds. SMS goes to the
 * console, or (`sandboxSms`) to a sandbox vendor of its own, whose faults and counters no other
 * spec's messages touch.
 */

export interface ReplicaStack {
  /** payments-service's public URL: its proxy. */
  paymentsUrl: string
  /** web's public URL: its proxy. */
  webUrl: string
  databaseUrl: string
  payments: Replica[]
  web: Replica[]
  /** One query against this stack's database, as the test (not through a service). */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>
  /** The stack's own sandbox SMS vendor (`sandboxSms`): `/sandbox/messages`, `/sandbox/faults`. */
  smsUrl: string | null
  /** The bank its payments-service talks to: the shared stack's, or its own (`sandboxBank`). */
  bankUrl: string
  /**
   * One more payments-service process on this stack's database, outside the proxy: a pod that
   * only works jobs as far as a test is concerned (it serves HTTP on a port of its own too).
   */
  startPaymentsProcess(name: string): Promise<ServiceProcess>
  /** Everything the replicas printed, one line per entry (for a failing test's report). */
  output(): string[]
  stop(): Promise<void>
}

export interface ReplicaStackOptions {
  /** Names its database (with the worker's pid), e.g. `replicas`. */
  name: string
  /** Settings of payments-service beyond the defaults below (limits, token lifetimes…). */
  paymentsEnv?: Record<string, string>
  webEnv?: Record<string, string>
  payments?: number
  web?: number
  /** SMS through the production Kavenegar adapter to a sandbox vendor of this stack's own. */
  sandboxSms?: boolean
  /** A sandbox bank of this stack's own, whose faults (`PUT /sandbox/faults`) no other spec meets. */
  sandboxBank?: boolean
}

export async function startReplicaStack(options: ReplicaStackOptions): Promise<ReplicaStack> {
  const sharedDatabase = process.env.E2E_DATABASE_URL
  const webBuild = process.env.E2E_WEB_BUILD_DIR
  if (!sharedDatabase || !webBuild) {
    throw new Error('E2E_DATABASE_URL / E2E_WEB_BUILD_DIR are not set: run through global setup')
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `arzpol-${options.name}-`))
  chmodSync(dataDir, 0o755)
  const lines: string[] = []
  const logger = createLogger(options.name, (text) => void lines.push(text))

  const database = `arzpol_${options.name.replace(/\W/g, '_')}_${process.pid}`
  const databaseUrl = Object.assign(new URL(sharedDatabase), { pathname: `/${database}` }).href
  const onServer = (sql: string) =>
    withConnection(sharedDatabase, async (client) => void (await client.query(sql)))
  await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await onServer(`CREATE DATABASE "${database}"`)

  const sets: ReplicaSet[] = []
  /** The vendors and extra processes this stack started beside its replica sets. */
  const others: ServiceProcess[] = []
  const stop = async () => {
    await Promise.all(sets.map((set) => set.close()))
    await Promise.all(sets.flatMap((set) => set.replicas.map((replica) => replica.stop())))
    await Promise.all(others.map((process) => process.stop()))
    await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    const secrets = generateDevSecrets()
    const paymentsUrl = `http://127.0.0.1:${await workerPort()}`
    const webUrl = `http://127.0.0.1:${await workerPort()}`
    const common = {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'development',
      FORCE_COLOR: '0',
    }
    /** A sandbox outside party (`sms`, `bank`) of this stack's own, on a free port. */
    const startSandbox = async (name: 'sms' | 'bank'): Promise<string> => {
      const port = await workerPort()
      const prefix = `SANDBOX_${name.toUpperCase()}`
      const vendor = startServiceProcess({
        name,
        ...binCommand('payments-service', 'tsx', [`src/sandbox-${name}/main.ts`]),
        env: { ...common, [`${prefix}_HOST`]: '127.0.0.1', [`${prefix}_PORT`]: String(port) },
        logger,
      })
      others.push(vendor)
      const url = `http://127.0.0.1:${port}`
      await waitForHttp(`${url}/healthz`, { isAborted: () => vendor.hasExited() })
      return url
    }
    const smsUrl = options.sandboxSms ? await startSandbox('sms') : null
    const bankUrl = options.sandboxBank ? await startSandbox('bank') : e2eUrls.sandboxBank
    const paymentsEnv: NodeJS.ProcessEnv = {
      ...common,
      DATABASE_URL: databaseUrl,
      PAYMENTS_HOST: '127.0.0.1',
      JWT_PRIVATE_KEY: secrets.JWT_PRIVATE_KEY,
      CREDENTIALS_ENCRYPTION_KEY: secrets.CREDENTIALS_ENCRYPTION_KEY,
      // web's, as in every stack: web follows this stack's change stream with it.
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      OTP_DEV_CODES: 'true',
      SMS_PROVIDER: 'console',
      GATEWAY: 'sandbox',
      SANDBOX_BANK_URL: bankUrl,
      WEB_PUBLIC_URL: webUrl,
      WEBOTP_DOMAIN: '127.0.0.1',
      ATTACHMENTS_DIR: path.join(dataDir, 'attachments'),
      LOG_LEVEL: 'warn',
      ...(smsUrl ? sandboxSmsEnv(smsUrl) : {}),
      ...options.paymentsEnv,
    }

    const migrate = startServiceProcess({
      name: 'migrate',
      ...migrationCommand(),
      env: paymentsEnv,
      logger,
    })
    const migrated = await migrate.exited
    if (migrated !== 0) throw new Error(`migrations failed (${migrated}):\n${lines.join('')}`)

    /** `count` replicas behind a round-robin proxy on `publicUrl`'s port, closed by `stop`. */
    const startSet = async (
      name: string,
      count: number,
      publicUrl: string,
      start: (replica: { name: string; port: number }) => ServiceProcess,
    ) => {
      const set = await startReplicaSet({
        name,
        count,
        publicPort: Number(new URL(publicUrl).port),
        allocatePort: workerPort,
        logger,
        start,
      })
      sets.push(set)
      return set
    }
    const startPayments = ({ name, port }: { name: string; port: number }) =>
      startServiceProcess({
        name,
        ...tsxNodeCommand('payments-service', ['src/main.ts']),
        env: { ...paymentsEnv, PAYMENTS_PORT: String(port) },
        logger,
      })
    const startWeb = ({ name, port }: { name: string; port: number }) =>
      startServiceProcess({
        name,
        ...tsxNodeCommand('web', ['server/main.ts', path.join(webBuild, 'server', 'index.js')]),
        env: {
          ...common,
          HOST: '127.0.0.1',
          PORT: String(port),
          PAYMENTS_URL: paymentsUrl,
          CMS_URL: e2eUrls.cms,
          WEB_PUBLIC_URL: webUrl,
          SESSION_SECRET: secrets.SESSION_SECRET,
          CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
          PAYMENT_GATEWAY_ORIGINS: bankUrl,
          ...options.webEnv,
        },
        logger,
      })
    const payments = await startSet('payments', options.payments ?? 2, paymentsUrl, startPayments)
    const web = await startSet('web', options.web ?? 2, webUrl, startWeb)

    const replicas = [...payments.replicas, ...web.replicas]
    const anyExited = () => replicas.some((replica) => replica.hasExited())
    await Promise.all(
      [...replicas.map((replica) => replica.url), paymentsUrl, webUrl].map((url) =>
        waitForHttp(`${url}/healthz`, { isAborted: anyExited, timeoutMs: 60_000 }),
      ),
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${lines.join('')}`)
    })

    return {
      paymentsUrl,
      webUrl,
      databaseUrl,
      smsUrl,
      bankUrl,
      async startPaymentsProcess(name) {
        const port = await workerPort()
        const started = startPayments({ name, port })
        others.push(started)
        await waitForHttp(`http://127.0.0.1:${port}/healthz`, {
          isAborted: () => started.hasExited(),
        })
        return started
      },
      payments: payments.replicas,
      web: web.replicas,
      query: <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
        withConnection(databaseUrl, async (client) => (await client.query<T>(sql, params)).rows),
      output: () => lines,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
