import { createPrivateKey, type KeyObject } from 'node:crypto'
import { z } from 'zod'
import { checkStorageEnv, storageEnvShape } from '../storage/config.ts'
import { checkProductionProfile } from './production.ts'

/**
 * Every setting of the service, parsed once at start. A bad value stops the process with the
 * variable's name instead of surfacing later as a confusing runtime error.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const required = (name: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${name} is required` : `${name} must be a string`,
})

const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback)

// z.coerce.boolean() turns the string 'false' into true, so booleans are spelled out.
const boolText = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
const bool = (fallback: boolean) => boolText().default(fallback)

const privateKeyPem = z
  .string(required('JWT_PRIVATE_KEY'))
  // Process managers and .env files often flatten the PEM onto one line with literal "\n".
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .transform((pem, ctx): KeyObject => {
    try {
      const key = createPrivateKey(pem)
      if (key.asymmetricKeyType === 'ed25519') return key
      ctx.addIssue({
        code: 'custom',
        message: `must be an Ed25519 key, got ${key.asymmetricKeyType ?? 'unknown'}`,
      })
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a PKCS8 PEM private key' })
    }
    return z.NEVER
  })

/** A base64 string that decodes to exactly 32 bytes (AES-256). */
export function isAes256Key(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32
}

/** A base64 string that decodes to at least 32 bytes (an HMAC-SHA-256 key). */
export function isSigningKey(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length >= 32
}

/** `k0:base64,k-old:base64` → map of key id → key, or null when malformed. */
export function parsePreviousKeys(value: string): Map<string, Buffer> | null {
  const keys = new Map<string, Buffer>()
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(entry)
    if (!match?.[1] || !match[2] || !isAes256Key(match[2])) return null
    keys.set(match[1], Buffer.from(match[2], 'base64'))
  }
  return keys
}

export const envSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PAYMENTS_HOST: z.string().min(1).default('127.0.0.1'),
    PAYMENTS_PORT: int(4000, 0, 65535),
    DATABASE_URL: z
      .string(required('DATABASE_URL'))
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
    DATABASE_POOL_MAX: int(10, 1, 1000),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /**
     * Check every response body against its schema. Default: on, except with APP_ENV=production,
     * where bodies are only cut down to their declared fields (http/response-shape.ts).
     */
    VALIDATE_RESPONSES: boolText().optional(),
    JWT_PRIVATE_KEY: privateKeyPem,
    JWT_ISSUER: z.string().min(1).default('arzpol-payments'),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86_400),
    REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
    /**
     * A refresh token used again this soon after it was exchanged gets a sibling pair of the same
     * session instead of ending it: two requests of one customer that refreshed at once on two
     * web instances. Later, a second use still means a stolen copy and ends the session.
     */
    REFRESH_REUSE_GRACE_SECONDS: int(30, 0, 300),
    OTP_DEV_CODES: bool(false),
    OTP_SEND_LIMIT_PER_PHONE_PER_HOUR: int(5, 1),
    OTP_SEND_LIMIT_PER_IP_PER_HOUR: int(20, 1),
    /**
     * OTP brute force: at most this many wrong codes per phone, across codes and
     * purposes, within OTP_FAILURE_WINDOW_HOURS; the failure that reaches it locks register and
     * reset for that phone for OTP_LOCK_HOURS (one SMS to the account's owner per lock).
     */
    OTP_FAILURE_BUDGET_PER_PHONE: int(20, 1),
    OTP_FAILURE_WINDOW_HOURS: int(24, 1, 168),
    OTP_LOCK_HOURS: int(6, 1, 168),
    /** Wrong codes per client IP within OTP_IP_FAILURE_WINDOW_MINUTES (rolling, no lock). */
    OTP_FAILURE_BUDGET_PER_IP: int(50, 1),
    OTP_IP_FAILURE_WINDOW_MINUTES: int(60, 1, 1440),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10, 1),
    LOGIN_MAX_FAILURES_PER_IP: int(50, 1),
    LOGIN_FAILURE_WINDOW_MINUTES: int(15, 1, 1440),
    SMS_PROVIDER: z.enum(['console', 'kavenegar']).default('console'),
    KAVENEGAR_API_KEY: z.string().min(1).optional(),
    KAVENEGAR_TEMPLATE: z.string().min(1).optional(),
    KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),
    /** Lookup template for "support answered your ticket" (token: the ticket number). */
    KAVENEGAR_TICKET_REPLY_TEMPLATE: z.string().min(1).optional(),
    /** Lookup template for "order %token% %token2%" (order number, new state). */
    KAVENEGAR_ORDER_STATUS_TEMPLATE: z.string().min(1).optional(),
    /**
     * Lookup template for "register and password reset are locked for %token% hours" (too many
     * wrong codes). Without one no lock notice is sent.
     */
    KAVENEGAR_OTP_LOCK_TEMPLATE: z.string().min(1).optional(),
    /**
     * Lookup template for "%token2% toman of order %token% comes back (%token10%) by %token3%"
     * (ADR 014). Without one no money-back notice is sent.
     */
    KAVENEGAR_MONEY_BACK_TEMPLATE: z.string().min(1).optional(),
    KAVENEGAR_REFUND_ACCOUNT_TEMPLATE: z.string().min(1).optional(),
    /** Lookup template for staff: "proposal %token% waits for a colleague's approval". */
    KAVENEGAR_PROPOSAL_TEMPLATE: z.string().min(1).optional(),
    // ── ticket attachments ──
    ...storageEnvShape,
    WEBOTP_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as arzpol.ir')
      .default('localhost'),
    TRUST_PROXY: bool(true),
    /** Bearer token Prometheus sends to `GET /metrics`; without it the endpoint is off (404). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // ── orders and payments ──
    WEB_PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
    PAYMENTS_PUBLIC_URL: z.url().optional(),
    GATEWAY: z.enum(['sandbox', 'sep']).default('sandbox'),
    GATEWAY_TIMEOUT_MS: int(15_000, 100, 120_000),
    /** Pause between the retries of a bank call that got no answer (SEP: 3 tries, 1 s apart). */
    GATEWAY_RETRY_DELAY_MS: int(1_000, 0, 10_000),
    /** How long a repeated callback waits for the verify a first copy started. */
    CALLBACK_WAIT_MS: int(20_000, 0, 60_000),
    SANDBOX_BANK_URL: z.url().default('http://127.0.0.1:4100'),
    SANDBOX_TERMINAL_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be digits')
      .default('2015'),
    SEP_BASE_URL: z.url().default('https://sep.shaparak.ir'),
    SEP_TERMINAL_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be digits')
      .optional(),
    RATE_LOCK_MINUTES: int(15, 1, 24 * 60),
    RATE_CACHE_TTL_SECONDS: int(10, 0, 3600),
    /**
     * Rate safety (ADR 013): no quote and no order on a rate set longer ago than this. Unset: no
     * limit (a development stack left running for days, and every test, keeps quoting).
     */
    RATE_MAX_AGE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(365 * 24 * 60)
      .optional(),
    /** A staff rate change larger than this (percent of the current rate) must be confirmed. */
    RATE_CHANGE_CONFIRM_PERCENT: z.coerce.number().min(0.1).max(1000).default(10),
    /**
     * Base64, at least 32 bytes: the HMAC-SHA-256 key signing the `quote_token` of each quote
     * (ADR 013). Required in production; in development and tests, when unset, it is derived
     * from JWT_PRIVATE_KEY (quotes/quote-token.ts), so it survives a restart.
     */
    QUOTE_SIGNING_KEY: z.string().optional(),
    /**
     * Base64, at least 32 bytes: the HMAC-SHA-256 key of the request hash stored with each
     * Idempotency-Key. Required in production; in development and tests, when unset,
     * it is derived from JWT_PRIVATE_KEY (payments/idempotency.ts).
     */
    IDEMPOTENCY_HASH_KEY: z.string().optional(),
    CREDENTIALS_ENCRYPTION_KEY: z.string().optional(),
    CREDENTIALS_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, _ or -')
      .default('k1'),
    CREDENTIALS_PREVIOUS_KEYS: z.string().optional(),
    /** Unpaid orders move to `expired` this long after their rate lock ended (≥ bank token life). */
    ORDER_EXPIRE_AFTER_MINUTES: int(60, 30, 7 * 24 * 60),
    ORDER_EXPIRY_SWEEP_SECONDS: int(60, 5, 3600),
    // Reconciliation of lost bank callbacks: asks the bank about attempts still open this long
    // after they started (below SEP's 30-minute verify window), every RECONCILE_SWEEP_SECONDS.
    RECONCILE_GRACE_MINUTES: int(5, 1, 25),
    RECONCILE_SWEEP_SECONDS: int(120, 10, 3600),
    // An attempt the bank still calls pending this long after it started is closed as lost and
    // its money (if any arrives) handled as money to return: past SEP's 30-minute reversal.
    RECONCILE_GIVE_UP_MINUTES: int(40, 31, 24 * 60),
    // The staff audit chain's head goes to the log and the object store this often (at most
    // hourly, so a rewritten chain is caught against a head at most an hour old).
    STAFF_AUDIT_PUBLISH_SECONDS: int(3600, 5, 3600),
    /**
     * Hours a staff member's one-time enrolment link works (ADR 035): long enough to pass it on
     * and open it, short enough that a forgotten one is dead.
     */
    STAFF_ENROLMENT_LINK_HOURS: int(24, 1, 14 * 24),
    /**
     * Four eyes (ADR 039): settling a cash-out, or recording a manual refund as paid, for more
     * than this many rials is a proposal a second staff member approves. 0: every one.
     */
    FOUR_EYES_PAYOUT_ABOVE_IRR: int(500_000_000, 0),
    FOUR_EYES_REFUND_ABOVE_IRR: int(500_000_000, 0),
    /** Hours a proposal waits for a colleague's decision before it lapses. */
    PROPOSAL_HOURS: int(24, 1, 7 * 24),
    // ── shutdown ──
    /** How long in-flight requests may take to finish after SIGTERM before sockets are cut. */
    SHUTDOWN_GRACE_MS: int(10_000, 0, 120_000),
    /**
     * New connections are still answered (readiness failing) this long after SIGTERM: the load
     * balancer needs a moment to stop sending, and connections already queued in the kernel
     * would otherwise be reset. Match it to the balancer's deregistration delay.
     */
    SHUTDOWN_LINGER_MS: int(1_000, 0, 60_000),
    // ── background jobs (ADR 032: pg-boss on our database) ──
    /**
     * A claimed job not finished this long is taken as lost (its worker died without a word)
     * and handed to another worker. Sweeps finish far below the default.
     */
    JOB_LEASE_SECONDS: int(300, 1, 23 * 3600),
    /** How often an idle worker asks for new jobs. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(2),
    /** How often lost leases are looked for and old jobs archived (one instance does it). */
    JOB_MAINTENANCE_SECONDS: int(60, 1, 3600),
    /** Jobs of one queue an instance runs at once (a sweep runs once across all instances). */
    JOB_WORKERS: int(2, 1, 50),
    /** The engine's own connections, beside DATABASE_POOL_MAX: polling never waits on requests. */
    JOB_POOL_MAX: int(3, 1, 20),
    /** Tries after the first before a job ends failed (`npm run jobs:failed`), with backoff. */
    JOB_RETRY_LIMIT: int(3, 0, 100),
    JOB_RETRY_DELAY_SECONDS: int(30, 1, 3600),
    /** On SIGTERM, how long claimed jobs may take to finish before they are handed back. */
    JOB_STOP_TIMEOUT_MS: int(20_000, 1_000, 120_000),
    // ── identity inquiries (ADR 022) ──
    /** Who answers "is this mobile / card / Sheba this person's": the local sandbox or Jibit. */
    IDENTITY_PROVIDER: z.enum(['sandbox', 'jibit']).default('sandbox'),
    /** An inquiry without an answer this long counts as "ask again later", never as a match. */
    IDENTITY_TIMEOUT_MS: int(10_000, 100, 60_000),
    /**
     * The sandbox provider (src/sandbox-identity/). Unset: main.ts starts one in-process on a
     * free port (development only).
     */
    IDENTITY_SANDBOX_URL: z.url().optional(),
    JIBIT_BASE_URL: z.url().default('https://napi.jibit.ir'),
    JIBIT_API_KEY: z.string().min(1).optional(),
    JIBIT_SECRET_KEY: z.string().min(1).optional(),
    /** A matched or mismatched answer is reused this many days instead of paying for it again. */
    IDENTITY_INQUIRY_REUSE_DAYS: int(30, 1, 365),
    /**
     * Questions we pay the provider for, per Tehran day (ADR 030): per customer, and per client
     * address. Customers behind one carrier NAT share an address, so its cap is far higher.
     * Answers reused from the record do not count.
     */
    IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY: int(20, 1, 10_000),
    IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY: int(500, 1, 1_000_000),
    /**
     * Rials one question costs us, for the cost metric only. 0 until the provider's contract
     * names a price (nothing in the repository does).
     */
    IDENTITY_INQUIRY_PRICE_IRR: int(0, 0, 100_000_000),
    /** Bank cards a customer may have registered at once (removed ones do not count). */
    IDENTITY_CARD_LIMIT_PER_CUSTOMER: int(10, 1, 100),
    /**
     * Days level-2 identity documents are kept after the account closes (AML record-keeping,
     * ADR 025; five years). Not the short retention of order credentials. They are sealed with
     * a key derived from CREDENTIALS_ENCRYPTION_KEY (and its previous keys) for their purpose.
     */
    IDENTITY_DOCUMENT_RETENTION_DAYS: int(1825, 365, 36_500),
    /** Level-2 photos one customer may upload in an hour (each is sealed, stored and kept). */
    IDENTITY_UPLOADS_PER_HOUR: int(20, 2, 1000),
    /** Photos one level-2 request may hold, re-uploads included (two are needed). */
    IDENTITY_UPLOADS_PER_REQUEST: int(10, 2, 100),
    /**
     * Multipart bodies this process reads at once (each may hold 10 MB in memory while it is
     * checked and stored); more answer 503 with Retry-After and the browser tries again.
     */
    UPLOADS_CONCURRENT_PER_INSTANCE: int(8, 1, 1000),
    // ── staff back office ──
    /** Days a finished order keeps the customer's sealed site password before it is wiped. */
    CREDENTIALS_RETENTION_DAYS: int(7, 1, 365),
    // ── change bus (ADR 033) ──
    /**
     * The secret web and the cms share (the cms's webhook to web): web forwards content changes
     * with it and subscribes to `GET /internal/changes` with it. Unset: those internal calls do
     * not exist, and web pods learn of cms changes only by their cache's age.
     */
    CMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * How often the change stream to web sends a heartbeat and the bus checks its own database
     * connection. web gives a stream up after 30 s without a word, hence at most 20.
     */
    CHANGES_HEARTBEAT_SECONDS: int(10, 1, 20),
  })
  .superRefine((env, ctx) => {
    const production = env.APP_ENV === 'production'
    const refuse = (name: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message })
    const requireEach = (names: readonly (keyof typeof env)[], when: string) => {
      for (const name of names) if (!env[name]) refuse(name, `is required when ${when}`)
    }
    const BASE64_KEY = 'must be at least 32 bytes encoded as base64'

    if (production && env.OTP_DEV_CODES) {
      refuse('OTP_DEV_CODES', 'must be false in production (it would hand out login codes)')
    }
    if (production && env.SMS_PROVIDER === 'console') {
      refuse('SMS_PROVIDER', 'console only prints codes; use kavenegar in production')
    }
    if (production && env.GATEWAY === 'sandbox') {
      refuse('GATEWAY', 'sandbox takes no real money; use sep in production')
    }
    if (production && !env.CREDENTIALS_ENCRYPTION_KEY) {
      refuse('CREDENTIALS_ENCRYPTION_KEY', 'is required in production (32 bytes, base64)')
    }
    if (production && !env.QUOTE_SIGNING_KEY) {
      refuse('QUOTE_SIGNING_KEY', 'is required in production (at least 32 bytes, base64)')
    }
    if (production && !env.IDEMPOTENCY_HASH_KEY) {
      refuse('IDEMPOTENCY_HASH_KEY', 'is required in production (at least 32 bytes, base64)')
    }
    if (env.QUOTE_SIGNING_KEY && !isSigningKey(env.QUOTE_SIGNING_KEY)) {
      refuse('QUOTE_SIGNING_KEY', BASE64_KEY)
    }
    if (env.IDEMPOTENCY_HASH_KEY && !isSigningKey(env.IDEMPOTENCY_HASH_KEY)) {
      refuse('IDEMPOTENCY_HASH_KEY', BASE64_KEY)
    }
    if (production && env.IDENTITY_PROVIDER === 'sandbox') {
      refuse('IDENTITY_PROVIDER', 'sandbox matches every identity; use jibit in production')
    }
    if (env.IDENTITY_PROVIDER === 'jibit') {
      requireEach(['JIBIT_API_KEY', 'JIBIT_SECRET_KEY'], 'IDENTITY_PROVIDER=jibit')
    }
    if (env.GATEWAY === 'sep') requireEach(['SEP_TERMINAL_ID'], 'GATEWAY=sep')
    if (
      env.IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY < env.IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY
    ) {
      refuse(
        'IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY',
        'must be at least IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY (customers behind one carrier NAT share an address)',
      )
    }
    if (env.CREDENTIALS_ENCRYPTION_KEY && !isAes256Key(env.CREDENTIALS_ENCRYPTION_KEY)) {
      refuse('CREDENTIALS_ENCRYPTION_KEY', 'must be 32 bytes encoded as base64')
    }
    if (env.CREDENTIALS_PREVIOUS_KEYS && !parsePreviousKeys(env.CREDENTIALS_PREVIOUS_KEYS)) {
      refuse('CREDENTIALS_PREVIOUS_KEYS', 'must be comma-separated id:base64 pairs of 32-byte keys')
    }
    if (env.SMS_PROVIDER === 'kavenegar') {
      requireEach(['KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE'], 'SMS_PROVIDER=kavenegar')
    }
  })
  .superRefine(checkStorageEnv)
  .superRefine(checkProductionProfile)

export type AppConfig = z.output<typeof envSchema>

/** VALIDATE_RESPONSES, or its default for the environment. */
export const validatesResponses = (config: Pick<AppConfig, 'APP_ENV' | 'VALIDATE_RESPONSES'>) =>
  config.VALIDATE_RESPONSES ?? config.APP_ENV !== 'production'

export type ConfigResult<T> = { ok: true; config: T } | { ok: false; errors: string[] }

/** An empty variable (`FOO=` in a .env file) means "not set", as it does for most tools. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
}

export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv,
): ConfigResult<z.output<S>> {
  const result = schema.safeParse(withoutEmpty(source))
  if (result.success) return { ok: true, config: result.data }
  return {
    ok: false,
    errors: result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    ),
  }
}

export function parseEnvOrExit<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = parseEnv(schema, source)
  if (result.ok) return result.config
  console.error(
    `payments-service: invalid environment variables:\n${result.errors.map((line) => `  ${line}`).join('\n')}`,
  )
  process.exit(1)
}

export const loadConfig = (source: NodeJS.ProcessEnv = process.env): AppConfig =>
  parseEnvOrExit(envSchema, source)
