/**
 * Each service's own env schema (the one it validates at start), so that what infra/ sets is
 * checked against the code that reads it: no variable the service does not know, none it needs
 * missing, and the production profile passing.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { envSchema as paymentsSchema } from '../../payments-service/src/config/env.ts'
import { webEnvSchema } from '../../web/app/utils/env.server.ts'
import { cmsEnvSchema } from '../../cms/src/env.ts'

export type ServiceName = 'payments-service' | 'web' | 'cms'

interface ServiceEnv {
  schema: z.ZodType
  keys: string[]
  /** Read by the runtime rather than the service's schema (web's server/main.ts, Node, Strapi's CLI). */
  runtime: string[]
}

const keysOf = (shape: Record<string, unknown>) => Object.keys(shape).sort()

export const SERVICES: Record<ServiceName, ServiceEnv> = {
  'payments-service': {
    schema: paymentsSchema,
    keys: keysOf(paymentsSchema.shape),
    runtime: ['NODE_ENV'],
  },
  web: {
    schema: webEnvSchema,
    keys: keysOf(webEnvSchema.shape),
    runtime: ['NODE_ENV', 'HOST', 'PORT'],
  },
  cms: {
    schema: cmsEnvSchema,
    // A transform ends the cms schema: its input side holds the fields.
    keys: keysOf(cmsEnvSchema.in.shape),
    runtime: ['NODE_ENV', 'STRAPI_TELEMETRY_DISABLED'],
  },
}

/** Variables infra/ sets that the service would ignore (a typo, or a setting that moved). */
export function unknownVariables(service: ServiceName, names: Iterable<string>): string[] {
  const { keys, runtime } = SERVICES[service]
  return [...names].filter((name) => !keys.includes(name) && !runtime.includes(name)).sort()
}

/** The service's own verdict on an environment: [] when it would start. */
export function refusals(service: ServiceName, env: Record<string, string | undefined>): string[] {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
  const result = SERVICES[service].schema.safeParse(cleaned)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

/**
 * A value of the right shape for each secret an operator creates (what infra/README.md tells
 * them to generate), to stand in for the Secrets and env files that are never committed.
 */
export function exampleSecret(name: string): string {
  const hex = (bytes: number) => randomBytes(bytes).toString('hex')
  switch (name) {
    case 'JWT_PRIVATE_KEY':
      return generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n')
    case 'CREDENTIALS_ENCRYPTION_KEY':
    case 'QUOTE_SIGNING_KEY':
    case 'IDEMPOTENCY_HASH_KEY':
      return randomBytes(32).toString('base64')
    case 'CMS_APP_KEYS':
      return `${hex(16)},${hex(16)}`
    case 'CMS_ADMIN_EMAIL':
      return 'admin@arzpol.ir'
    case 'CMS_ADMIN_PASSWORD':
      return `Adm1n-${hex(8)}`
    case 'DATABASE_URL':
      return `postgres://payments:${hex(12)}@db.internal:5432/payments`
    case 'CMS_DATABASE_URL':
      return `postgres://cms:${hex(12)}@db.internal:5432/cms`
    case 'SEP_TERMINAL_ID':
      return '12345678'
    default:
      return hex(24)
  }
}
