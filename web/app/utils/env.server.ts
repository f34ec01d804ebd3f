import { z } from 'zod'
import { checkProductionProfile } from './env-production.server.ts'

/**
 * web's configuration, parsed once with zod. A bad or missing variable stops the server at boot
 * with a message that names it (entry.server.tsx calls `getEnv()` at import time). web's own
 * port and host are not here: `remix vite:dev --port` and server/main.ts's PORT/HOST own them.
 */
/** A whole number of `unit` from `min` to `max`, `fallback` when unset. */
function wholeNumber(unit: string, min: number, max: number, fallback: number) {
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, { error: min === 0 ? 'must be 0 or more' : `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback)
}

const envSchema = z.object({
  /** Server-to-server base URL of payments-service; `/api/*` is proxied there. */
  PAYMENTS_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:4000'),
  /** Server-to-server base URL of the cms (Strapi). */
  CMS_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:1337'),
  /**
   * Shared secret of the cms's content-changed webhook (`POST /resources/cms-webhook`), also
   * held by payments-service: web passes changes on and follows its change stream with it (ADR
   * 033). Without it the webhook is refused and cached content only expires by age.
   */
  CMS_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: 'must be at least 16 characters long' })
    .optional(),
  /** How long content read from the cms is served from memory before it is fetched again. */
  CMS_CACHE_TTL_SECONDS: wholeNumber('seconds', 0, 3600, 60),
  /** How long one call to the cms may take before web gives up and serves its cached copy. */
  CMS_TIMEOUT_MS: wholeNumber('milliseconds', 100, 60_000, 3000),
  /**
   * While the cms cannot be reached, a cached copy stands in for it until it is this old; then
   * the page fails as it would without one (content taken down must not stay up for the whole
   * outage). ADR 033.
   */
  CMS_MAX_STALE_SECONDS: wholeNumber('seconds', 0, 86_400, 600),
  /**
   * Live updates (Server-Sent Events) one web process holds open at most: a browser refused
   * for this falls back to asking every 7 seconds. 0 turns live updates off. ADR 043.
   */
  LIVE_STREAMS_MAX: wholeNumber('streams', 0, 100_000, 500),
  /** Key material for the encrypted session, flow and flash cookies. */
  SESSION_SECRET: z
    .string({ error: 'is required (at least 32 characters)' })
    .min(32, { error: 'must be at least 32 characters long' }),
  APP_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be one of development, test, production',
    })
    .default('development'),
  /**
   * Proxies in front of web that append to X-Forwarded-For (a load balancer, an ingress): the
   * client is the entry that many places left of the socket's peer. 0: the socket's peer is the
   * client and a client's X-Forwarded-For is ignored (server/client-address.ts, ADR 016).
   */
  TRUSTED_PROXY_HOPS: wholeNumber('proxies', 0, 10, 0),
  /** The public origin customers use; trusted as an Origin for form posts. */
  WEB_PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:3000'),
  /**
   * Origins of the bank gateways the payment form may post to (CSP form-action), comma
   * separated. The launcher sets the sandbox bank's.
   */
  PAYMENT_GATEWAY_ORIGINS: z
    .string()
    .default('https://sep.shaparak.ir')
    .transform((value, ctx) => {
      const origins: string[] = []
      for (const part of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        try {
          const url = new URL(part)
          if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme')
          origins.push(url.origin)
        } catch {
          ctx.addIssue({ code: 'custom', message: `${part} is not an http(s) origin` })
        }
      }
      return origins
    }),
  /** Bearer token Prometheus sends to `GET /metrics`; without it the endpoint is off (404). */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be a pino level (fatal, error, warn, info, debug, trace, silent)',
    })
    .default('info'),
})

/** Every variable with the production profile's rules; infra/'s tests read its keys. */
export const webEnvSchema = envSchema.superRefine(checkProductionProfile)

export type Env = z.infer<typeof envSchema>

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Parses an environment or throws an `EnvError` listing every bad variable by name. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string means "not set" (a blank line in a .env file), so defaults still apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = webEnvSchema.safeParse(cleaned)
  if (result.success) return result.data
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  )
  throw new EnvError(`web: invalid environment variables:\n${lines.join('\n')}`)
}

let cached: Env | undefined

export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined
}
