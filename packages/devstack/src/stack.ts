import { createHash } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts'
import type { Logger } from './logger.ts'
import { isPortFree, waitForHttp } from './network.ts'
import { DEV_SECRET_NAMES, loadDevSecrets, type DevSecrets } from './secrets.ts'
import {
  startServiceProcess,
  type ServiceProcess,
  type ServiceProcessOptions,
} from './service-process.ts'
import { startReplicaSet, type Replica, type ReplicaSet } from './replica-set.ts'
import { forgetServices, recordServices, stopLeftoverServices } from './leftovers.ts'
import {
  DEV_DATABASE_NAME,
  forgetDatabase,
  migrationCommand,
  recordDatabase,
} from './dev-database.ts'
import {
  DEV_STAFF_ADMIN_USERNAME,
  DEV_STAFF_APPROVER_USERNAME,
  ensureDevStaffAdmin,
  type DevStaffAdmin,
} from './staff-admin.ts'
import { binCommand, hashSources, ROOT_DIR, tsxNodeCommand, workspaceDir } from './workspace.ts'

export interface StackOptions {
  /** dev: watchers and Vite's dev server; prod: built bundles, as the end-to-end tests run them. */
  mode: 'dev' | 'prod'
  /** Absolute folder for the embedded PostgreSQL cluster, the cms SQLite file and dev secrets. */
  dataDir: string
  ports: { web: number; payments: number; cms: number; postgres: number; sandboxBank: number }
  /** An external PostgreSQL; when absent an embedded one is started. */
  databaseUrl?: string
  cmsAdmin: { email: string; password: string }
  /**
   * `npm run dev` only: the phone of a staff admin made once (password: the development secret
   * STAFF_ADMIN_PASSWORD). Never under APP_ENV=production.
   */
  staffAdmin?: { phone: string; approverPhone?: string }
  /** Variables every service inherits (the caller's environment and .env). */
  baseEnv: NodeJS.ProcessEnv
  logger: Logger
  /** Aborting during start-up (Ctrl-C before the ready line) stops whatever already started. */
  signal?: AbortSignal
  /**
   * Processes of payments-service and of web (1 each unless given). With more than one, each
   * replica listens on a port of its own and a round-robin proxy takes the service's public
   * port, so every other service, the bank's callback and the browser reach them through it, as
   * through a cluster's load balancer. The end-to-end stack runs 2 of each; web's Vite dev
   * server runs as one process.
   */
  replicas?: { payments?: number; web?: number }
}

export interface RunningStack {
  urls: {
    web: string
    payments: string
    cms: string
    cmsAdmin: string
    staff: string
    sandboxBank: string
    /** The sandbox SMS vendor (Kavenegar's protocol): GET /sandbox/messages lists what it got. */
    sandboxSms: string
    database: string
  }
  /** The development staff admin (dev mode), undefined when none was asked for or it failed. */
  staffAdmin?: DevStaffAdmin
  /** The second development admin (`dev-approver`), who approves the first one's proposals. */
  staffApprover?: DevStaffAdmin
  /**
   * Each service's process, for tests that take one down (an outage) while the rest run; every
   * replica of payments-service and web (`payments-1`, `payments-2`…), for tests that kill one
   * while the proxy serves on through the others.
   */
  services: {
    payments: Replica[]
    cms: ServiceProcess
    web: Replica[]
    sandboxBank: ServiceProcess
    sandboxSms: ServiceProcess
  }
  /** Rejects when a service exits on its own after start-up (not when a test stopped it). */
  crashed: Promise<never>
  /** The production build of web (prod mode), for tests that start a second web instance. */
  webBuildDir: string
  stop(): Promise<void>
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { logger, ports, mode } = options
  const log = logger.child('devstack')
  const replicas = { payments: options.replicas?.payments ?? 1, web: options.replicas?.web ?? 1 }
  if (mode === 'dev' && replicas.web !== 1) {
    throw new Error(
      "web runs as one process in dev mode (Vite's dev server); replicas.web must be 1",
    )
  }
  const host = '127.0.0.1'
  const urls = {
    web: `http://${host}:${ports.web}`,
    payments: `http://${host}:${ports.payments}`,
    cms: `http://${host}:${ports.cms}`,
    cmsAdmin: `http://${host}:${ports.cms}/admin`,
    staff: `http://${host}:${ports.web}/staff`,
    sandboxBank: `http://${host}:${ports.sandboxBank}`,
    sandboxSms: `http://${host}:${sandboxSmsPort(ports)}`,
    database: '',
  }

  // Each production stack builds web into a folder of its own, so two stacks started from one
  // checkout (parallel end-to-end runs) never serve each other's half-written bundles. It stays
  // inside web/ because the server bundle resolves its packages from web's node_modules.
  const webBuildDir = path.join(
    workspaceDir('web'),
    'build',
    `stack-${createHash('sha256').update(path.resolve(options.dataDir)).digest('hex').slice(0, 12)}`,
  )

  mkdirSync(options.dataDir, { recursive: true })
  // As root, PostgreSQL runs as the OS user postgres and must pass through this folder, which
  // payments-service may have created private (mode 700) for its attachments. Only a folder of
  // the checkout changes mode; elsewhere (and when the checkout itself is private) the cluster
  // goes to the runtime folder instead (startEmbeddedPostgres).
  if (process.getuid?.() === 0 && isInside(ROOT_DIR, options.dataDir)) {
    chmodSync(options.dataDir, (statSync(options.dataDir).mode & 0o7777) | 0o001)
  }
  const leftovers = await stopLeftoverServices(options.dataDir)
  if (leftovers.length > 0) {
    log.line(`stopped services left running by an earlier run: ${leftovers.join(', ')}`)
  }

  for (const [name, port] of Object.entries({
    web: ports.web,
    payments: ports.payments,
    cms: ports.cms,
    sandbox_bank: ports.sandboxBank,
    sandbox_sms: sandboxSmsPort(ports),
  })) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `port ${port} (${name}) is already in use: another ArzPol may be running; stop it or set ${name.toUpperCase()}_PORT`,
      )
    }
  }

  const secrets = { ...loadDevSecrets(options.dataDir), ...secretsFromEnv(options.baseEnv) }
  const processes: ServiceProcess[] = []
  /** Starts a long-running service and records it, so a later launcher can find and stop it. */
  const launch = (spec: Omit<ServiceProcessOptions, 'logger'>) => {
    const child = startServiceProcess({ ...spec, logger })
    processes.push(child)
    recordServices(options.dataDir, processes)
    return child
  }
  let postgres: RunningPostgres | undefined
  let stopping = false
  const replicaSets: ReplicaSet[] = []

  const stopAll = async () => {
    stopping = true
    await Promise.all(replicaSets.map((set) => set.close()))
    await Promise.all(processes.map((p) => p.stop()))
    forgetServices(options.dataDir)
    forgetDatabase(options.dataDir)
    if (mode === 'prod') rmSync(webBuildDir, { recursive: true, force: true })
    if (postgres) {
      await postgres.stop().catch((error: unknown) => log.line(`PostgreSQL stop: ${String(error)}`))
      postgres = undefined
    }
  }

  const onAbort = () => void Promise.all(processes.map((p) => p.stop()))
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const throwIfAborted = () => {
    if (options.signal?.aborted) throw new Error('start-up cancelled')
  }

  try {
    const env = serviceEnvironments(options, urls, secrets)

    const databaseReady = (async () => {
      if (options.databaseUrl) {
        urls.database = options.databaseUrl
      } else {
        const started = Date.now()
        postgres = await startEmbeddedPostgres({
          dataDir: path.join(options.dataDir, 'postgres'),
          port: ports.postgres,
          onLog: (text) => text.split('\n').forEach((line) => logger.child('postgres').line(line)),
        })
        await postgres.ensureDatabase(DEV_DATABASE_NAME)
        urls.database = postgres.url(DEV_DATABASE_NAME)
        log.line(
          `embedded PostgreSQL ready on port ${ports.postgres} in ${Date.now() - started} ms`,
        )
      }
      recordDatabase(options.dataDir, urls.database)
      await runToCompletion(processes, {
        name: 'migrate',
        ...migrationCommand(),
        env: { ...env.payments, DATABASE_URL: urls.database },
        logger,
      })
    })()

    const staffAdminReady = databaseReady.then(async () => {
      const phones = options.staffAdmin
      const make = (phone: string | undefined, username: string, password: string) =>
        phone
          ? makeStaffAdmin(options, env.payments, urls.database, { phone, username, password })
          : undefined
      return {
        admin: await make(phones?.phone, DEV_STAFF_ADMIN_USERNAME, secrets.STAFF_ADMIN_PASSWORD),
        approver: await make(
          phones?.approverPhone,
          DEV_STAFF_APPROVER_USERNAME,
          secrets.STAFF_APPROVER_PASSWORD,
        ),
      }
    })

    const cmsBuilt = ensureCmsBuilt(processes, env.cms, logger)
    const webBuilt =
      mode === 'prod'
        ? runToCompletion(processes, {
            name: 'web',
            ...binCommand('web', 'remix', ['vite:build']),
            env: { ...env.web, WEB_BUILD_DIR: webBuildDir },
            logger,
          })
        : Promise.resolve()

    // Awaited further down; until then a failure must not count as an unhandled rejection
    // (which would kill the launcher before it can stop what it started and say why).
    for (const step of [databaseReady, staffAdminReady, cmsBuilt, webBuilt])
      step.catch(() => undefined)

    // The local stand-in for a Shaparak PSP (SEP protocol); production uses GATEWAY=sep instead.
    const sandboxBank = launch({
      name: 'bank',
      ...binCommand('payments-service', 'tsx', ['src/sandbox-bank/main.ts']),
      env: env.sandboxBank,
    })
    // The local stand-in for Kavenegar: payments-service's real SMS adapter talks to it.
    const sandboxSms = launch({
      name: 'sms',
      ...binCommand('payments-service', 'tsx', ['src/sandbox-sms/main.ts']),
      env: env.sandboxSms,
    })

    // The migrations ran once, above; every replica starts on the migrated database.
    await databaseReady
    throwIfAborted()
    // Each replica a launched process of its own, behind one public port when there are several.
    const replicated = async (
      service: 'payments' | 'web',
      start: (replica: { name: string; port: number }) => ServiceProcess,
    ) => {
      const set = await startReplicaSet({
        name: service,
        count: replicas[service],
        publicPort: ports[service],
        host,
        logger,
        start,
      })
      replicaSets.push(set)
      return set
    }
    const payments = await replicated('payments', ({ name, port }) =>
      launch({
        name,
        ...(mode === 'dev'
          ? binCommand('payments-service', 'tsx', ['watch', '--clear-screen=false', 'src/main.ts'])
          : tsxNodeCommand('payments-service', ['src/main.ts'])),
        env: { ...env.payments, DATABASE_URL: urls.database, PAYMENTS_PORT: String(port) },
      }),
    )

    await cmsBuilt
    throwIfAborted()
    const cms = launch({ name: 'cms', ...binCommand('cms', 'strapi', ['start']), env: env.cms })

    // Built once: every web replica serves the same bundle.
    await webBuilt
    throwIfAborted()
    const web = await replicated('web', ({ name, port }) =>
      launch({
        name,
        // Production runs web's own server (web/server: headers, metrics, graceful shutdown).
        ...(mode === 'dev'
          ? binCommand('web', 'remix', [
              'vite:dev',
              '--host',
              host,
              '--port',
              `${port}`,
              '--strictPort',
            ])
          : tsxNodeCommand('web', [
              'server/main.ts',
              path.join(webBuildDir, 'server', 'index.js'),
            ])),
        env: { ...env.web, PORT: String(port) },
      }),
    )

    const anyExited = () => processes.some((p) => p.hasExited()) || !!options.signal?.aborted
    await Promise.all([
      // Behind a proxy, each replica on its own port too: one that never came up would
      // otherwise hide behind the others.
      ...[payments, web]
        .flatMap((set) => (set.proxy ? set.replicas : []))
        .map((replica) => waitForHttp(`${replica.url}/healthz`, { isAborted: anyExited })),
      waitForHttp(`${urls.payments}/healthz`, { isAborted: anyExited }),
      waitForHttp(`${urls.sandboxBank}/healthz`, { isAborted: anyExited }),
      waitForHttp(`${urls.sandboxSms}/healthz`, { isAborted: anyExited }),
      waitForHttp(`${urls.cms}/_health`, { isAborted: anyExited, timeoutMs: 180_000 }),
      waitForHttp(`${urls.web}/healthz`, { isAborted: anyExited }),
    ])

    const crashed = new Promise<never>((_, reject) => {
      for (const p of processes) {
        void p.exited.then((code) => {
          if (!stopping && !p.stoppedOnPurpose())
            reject(new Error(`${p.name} exited unexpectedly (${code})`))
        })
      }
    })
    crashed.catch(() => undefined)

    const staffAdmins = await staffAdminReady
    throwIfAborted()
    return {
      urls,
      staffAdmin: staffAdmins.admin,
      staffApprover: staffAdmins.approver,
      services: {
        payments: payments.replicas,
        cms,
        web: web.replicas,
        sandboxBank,
        sandboxSms,
      },
      crashed,
      webBuildDir,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * Each service gets the caller's environment plus only the settings and secrets it needs, so
 * that, as in production, no service holds another one's keys.
 */
export function serviceEnvironments(
  options: StackOptions,
  urls: RunningStack['urls'],
  secrets: DevSecrets,
) {
  const { baseEnv, ports, mode } = options
  const common = {
    ...baseEnv,
    APP_ENV: baseEnv.APP_ENV ?? 'development',
    NODE_ENV: mode === 'prod' ? 'production' : 'development',
    STRAPI_TELEMETRY_DISABLED: 'true',
    FORCE_COLOR: baseEnv.FORCE_COLOR ?? '0',
  }
  return {
    payments: {
      ...common,
      PAYMENTS_HOST: '127.0.0.1',
      PAYMENTS_PORT: String(ports.payments),
      JWT_PRIVATE_KEY: secrets.JWT_PRIVATE_KEY,
      CREDENTIALS_ENCRYPTION_KEY: secrets.CREDENTIALS_ENCRYPTION_KEY,
      // web's change feed, forwarded cms changes (ADR 033) and the cms's moderation record
      // (ADR 040) authenticate with it.
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      OTP_DEV_CODES: baseEnv.OTP_DEV_CODES ?? 'true',
      WEBOTP_DOMAIN: baseEnv.WEBOTP_DOMAIN ?? new URL(urls.web).hostname,
      GATEWAY: baseEnv.GATEWAY ?? 'sandbox',
      // Files of this run stay with its data (the e2e runs use a throw-away folder).
      ATTACHMENTS_DIR: baseEnv.ATTACHMENTS_DIR ?? path.join(options.dataDir, 'attachments'),
      SANDBOX_BANK_URL: urls.sandboxBank,
      WEB_PUBLIC_URL: baseEnv.WEB_PUBLIC_URL ?? urls.web,
      ...sandboxSmsSettings(baseEnv, urls.sandboxSms),
    },
    sandboxBank: {
      ...common,
      SANDBOX_BANK_HOST: '127.0.0.1',
      SANDBOX_BANK_PORT: String(ports.sandboxBank),
    },
    sandboxSms: {
      ...common,
      SANDBOX_SMS_HOST: '127.0.0.1',
      SANDBOX_SMS_PORT: String(sandboxSmsPort(ports)),
    },
    cms: {
      ...common,
      // Strapi's production mode over plain http on 127.0.0.1 works (admin login included) and
      // hides internals in error bodies; `strapi develop` is the tool for content-type changes.
      NODE_ENV: 'production',
      CMS_HOST: '127.0.0.1',
      CMS_PORT: String(ports.cms),
      CMS_PUBLIC_URL: baseEnv.CMS_PUBLIC_URL ?? urls.cms,
      CMS_DATABASE_FILENAME:
        baseEnv.CMS_DATABASE_FILENAME ?? path.join(options.dataDir, 'cms', 'data.db'),
      CMS_APP_KEYS: secrets.CMS_APP_KEYS,
      CMS_API_TOKEN_SALT: secrets.CMS_API_TOKEN_SALT,
      CMS_ADMIN_JWT_SECRET: secrets.CMS_ADMIN_JWT_SECRET,
      CMS_TRANSFER_TOKEN_SALT: secrets.CMS_TRANSFER_TOKEN_SALT,
      CMS_JWT_SECRET: secrets.CMS_JWT_SECRET,
      CMS_ENCRYPTION_KEY: secrets.CMS_ENCRYPTION_KEY,
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      CMS_ADMIN_EMAIL: options.cmsAdmin.email,
      CMS_ADMIN_PASSWORD: options.cmsAdmin.password,
      PAYMENTS_JWKS_URL: `${urls.payments}/api/auth/jwks/`,
      WEB_URL: urls.web,
    },
    web: {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(ports.web),
      PAYMENTS_URL: urls.payments,
      CMS_URL: urls.cms,
      WEB_PUBLIC_URL: baseEnv.WEB_PUBLIC_URL ?? urls.web,
      SESSION_SECRET: secrets.SESSION_SECRET,
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      // The payment form posts to the sandbox bank (CSP form-action).
      PAYMENT_GATEWAY_ORIGINS: baseEnv.PAYMENT_GATEWAY_ORIGINS ?? urls.sandboxBank,
    },
  }
}

/** Beside the sandbox bank's port, so stacks started with other ports never share a vendor. */
function sandboxSmsPort(ports: StackOptions['ports']): number {
  return ports.sandboxBank + 1
}

/**
 * Unless SMS_PROVIDER is set (a developer's own choice, e.g. a real Kavenegar key), SMS goes
 * through the production Kavenegar adapter to the sandbox vendor, with a template for every
 * kind of message. The page still shows the code (OTP_DEV_CODES): the e2e tests read it there.
 */
function sandboxSmsSettings(baseEnv: NodeJS.ProcessEnv, url: string) {
  return baseEnv.SMS_PROVIDER ? {} : sandboxSmsEnv(url)
}

/** payments-service's settings for the sandbox SMS vendor at `url`: a template for every kind. */
export function sandboxSmsEnv(url: string): Record<string, string> {
  return {
    SMS_PROVIDER: 'kavenegar',
    KAVENEGAR_BASE_URL: url,
    KAVENEGAR_API_KEY: 'sandbox-dev-key',
    KAVENEGAR_TEMPLATE: 'arzpol-otp',
    KAVENEGAR_TICKET_REPLY_TEMPLATE: 'arzpol-ticket-reply',
    KAVENEGAR_ORDER_STATUS_TEMPLATE: 'arzpol-order-status',
    KAVENEGAR_OTP_LOCK_TEMPLATE: 'arzpol-otp-lock',
    KAVENEGAR_MONEY_BACK_TEMPLATE: 'arzpol-money-back',
    KAVENEGAR_REFUND_ACCOUNT_TEMPLATE: 'arzpol-refund-account',
    KAVENEGAR_PROPOSAL_TEMPLATE: 'arzpol-proposal',
  }
}

/**
 * The development staff admin, when asked for and never in production. A failure does not stop
 * the stack: the rest of the product is still worth starting, and the log says why.
 */
async function makeStaffAdmin(
  options: StackOptions,
  paymentsEnv: NodeJS.ProcessEnv,
  databaseUrl: string,
  account: { phone: string; username: string; password: string },
): Promise<DevStaffAdmin | undefined> {
  if (paymentsEnv.APP_ENV === 'production') return undefined
  const log = options.logger.child('staff')
  try {
    const admin = await ensureDevStaffAdmin({
      databaseUrl,
      ...account,
      env: paymentsEnv,
      signal: options.signal,
    })
    if (admin.created)
      log.line(`created the development staff admin ${admin.username} (${admin.phone})`)
    return admin
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    log.line(`could not make the development staff admin: ${message}`)
    return undefined
  }
}

/** Secrets given in the environment win over generated development ones. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): Partial<DevSecrets> {
  return Object.fromEntries(
    DEV_SECRET_NAMES.filter((name) => env[name]).map((name) => [name, env[name]]),
  )
}

async function runToCompletion(
  processes: ServiceProcess[],
  spec: Parameters<typeof startServiceProcess>[0],
): Promise<void> {
  const child = startServiceProcess(spec)
  processes.push(child)
  const code = await child.exited
  processes.splice(processes.indexOf(child), 1)
  if (code !== 0)
    throw new Error(
      `${spec.name}: \`${path.basename(spec.command)} ${spec.args.join(' ')}\` failed (${code})`,
    )
}

/**
 * `strapi build` (admin panel + TypeScript) takes about 45 s and 2 GB, so it runs only when the
 * cms sources changed since the last build; the hash of those sources is kept beside the build.
 */
async function ensureCmsBuilt(processes: ServiceProcess[], env: NodeJS.ProcessEnv, logger: Logger) {
  const cmsDir = workspaceDir('cms')
  const hashFile = path.join(cmsDir, 'dist', '.source-hash')
  const hash = hashSources(
    ['src', 'config', 'package.json', 'tsconfig.json', 'favicon.png'].map((p) =>
      path.join(cmsDir, p),
    ),
  )
  const built =
    existsSync(path.join(cmsDir, 'dist', 'build', 'index.html')) &&
    existsSync(path.join(cmsDir, 'dist', 'src', 'index.js')) &&
    existsSync(hashFile) &&
    readFileSync(hashFile, 'utf8') === hash
  if (built) return
  logger
    .child('devstack')
    .line('building the cms admin panel (first start or cms sources changed, ~1 min)…')
  await runToCompletion(processes, {
    name: 'cms',
    ...binCommand('cms', 'strapi', ['build']),
    env,
    logger,
  })
  writeFileSync(hashFile, hash)
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child))
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}
