import type { Env } from './env.server.ts'

/**
 * The security headers of web, the only public origin. Documents get a Content-Security-Policy
 * with a per-response nonce (entry.server.tsx); every other answer gets the rest from web's
 * server (server/app.ts) plus a deny-all policy, since nothing but documents should ever run.
 */

type Settings = Pick<Env, 'APP_ENV' | 'CMS_URL' | 'PAYMENT_GATEWAY_ORIGINS'>

/** Two years, the HSTS preload list's floor; only in production, where web is served on https. */
const HSTS = 'max-age=63072000; includeSubDomains'

const originOf = (url: string) => new URL(url).origin

export function baseSecurityHeaders(settings: Pick<Env, 'APP_ENV'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    // SEP (and BMI) refuse a payment page opened without the merchant's origin in Referer
    // (docs/product/domain.md): strict-origin-when-cross-origin sends exactly the origin
    // cross-site.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // otp-credentials stays allowed on our own origin: WebOTP fills the SMS code in.
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), otp-credentials=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(settings.APP_ENV === 'production' && { 'Strict-Transport-Security': HSTS }),
  }
}

/** For answers that are not documents (JSON, files, redirects): nothing may run or frame them. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/**
 * The policy of an HTML document. Scripts run only from our origin or with this response's
 * nonce (Remix's inline bootstrap and stream scripts); forms post only to us and to the bank
 * gateways (the hidden form that hands the customer to the bank); images may come
 * from the cms (blog uploads).
 */
export function documentCsp(
  nonce: string,
  settings: Settings,
  { framedByCms = false }: { framedByCms?: boolean } = {},
): string {
  const gateways = settings.PAYMENT_GATEWAY_ORIGINS.join(' ')
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    `img-src 'self' data: blob: ${originOf(settings.CMS_URL)}`,
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${gateways}`.trim(),
    // Only the preview page may be framed, and only by the cms admin's preview panel.
    `frame-ancestors ${framedByCms ? originOf(settings.CMS_URL) : "'none'"}`,
    "base-uri 'none'",
    "object-src 'none'",
    ...(settings.APP_ENV === 'production' ? ['upgrade-insecure-requests'] : []),
  ]
  return directives.join('; ')
}
