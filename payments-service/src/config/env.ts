import { createPrivateKey, type KeyObject } from 'node:crypto'
import { z } from 'zod'

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
const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .default(fallback)

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
    JWT_PRIVATE_KEY: privateKeyPem,
    JWT_ISSUER: z.string().min(1).default('arzpol-payments'),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86_400),
    REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
    OTP_DEV_CODES: bool(false),
    OTP_SEND_LIMIT_PER_PHONE_PER_HOUR: int(5, 1),
    OTP_SEND_LIMIT_PER_IP_PER_HOUR: int(20, 1),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10, 1),
    LOGIN_MAX_FAILURES_PER_IP: int(50, 1),
    LOGIN_FAILURE_WINDOW_MINUTES: int(15, 1, 1440),
    SMS_PROVIDER: z.enum(['console', 'kavenegar']).default('console'),
    KAVENEGAR_API_KEY: z.string().min(1).optional(),
    KAVENEGAR_TEMPLATE: z.string().min(1).optional(),
    KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),
    WEBOTP_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as arzpol.ir')
      .default('localhost'),
    TRUST_PROXY: bool(true),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production') {
      if (env.OTP_DEV_CODES) {
        ctx.addIssue({
          code: 'custom',
          path: ['OTP_DEV_CODES'],
          message: 'must be false in production (it would hand out login codes)',
        })
      }
      if (env.SMS_PROVIDER === 'console') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'console only prints codes; use kavenegar in production',
        })
      }
    }
    if (env.SMS_PROVIDER === 'kavenegar') {
      for (const name of ['KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when SMS_PROVIDER=kavenegar',
          })
        }
      }
    }
  })

export type AppConfig = z.output<typeof envSchema>

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
