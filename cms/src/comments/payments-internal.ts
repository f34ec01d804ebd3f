import type { CmsEnv } from '../env'

/**
 * The calls the cms makes to payments-service's internal routes (the moderation record, the
 * blocked authors): at the origin its JWKS is served from, behind the secret the two share.
 */

const INTERNAL_TIMEOUT_MS = 5_000

/** Where payments-service answers `path`, or null when the cms does not know payments-service. */
export function paymentsInternalUrl(
  env: Pick<CmsEnv, 'PAYMENTS_JWKS_URL'>,
  path: string,
): string | null {
  return env.PAYMENTS_JWKS_URL ? new URL(path, env.PAYMENTS_JWKS_URL).href : null
}

/** POSTs `body` as JSON with `Authorization: Bearer <secret>`; the answer is the caller's to read. */
export function postInternal(url: string, secret: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(INTERNAL_TIMEOUT_MS),
  })
}
