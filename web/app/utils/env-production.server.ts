import type { z } from 'zod'

/**
 * The production profile (APP_ENV=production, set by infra/ only): a public origin over plain
 * http would send the session cookie in clear (and it is marked Secure in production, so logins
 * would silently fail), and the placeholders that infra/ ships must be replaced by real secrets.
 */

/** What infra/'s example env files and Secret templates hold until an operator fills them in. */
const PLACEHOLDER_PATTERN = /change[-_]?me/i

interface ProductionFields {
  APP_ENV: 'development' | 'test' | 'production'
  WEB_PUBLIC_URL: string
  SESSION_SECRET: string
  CMS_WEBHOOK_SECRET?: string | undefined
}

export function checkProductionProfile(env: ProductionFields, ctx: z.RefinementCtx): void {
  if (env.APP_ENV !== 'production') return
  if (new URL(env.WEB_PUBLIC_URL).protocol !== 'https:') {
    ctx.addIssue({
      code: 'custom',
      path: ['WEB_PUBLIC_URL'],
      message: 'must be an https:// URL in production',
    })
  }
  for (const name of ['SESSION_SECRET', 'CMS_WEBHOOK_SECRET'] as const) {
    if (env[name] && PLACEHOLDER_PATTERN.test(env[name])) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'still holds the placeholder from infra/; set the real secret',
      })
    }
  }
}
