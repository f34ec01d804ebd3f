import type { z } from 'zod'

/**
 * The production profile (APP_ENV=production, set by infra/ only): settings that are fine on a
 * developer's machine but wrong on the public internet. The rules that predate this file (dev
 * codes, console SMS, sandbox gateway, credentials key) stay in env.ts; these cover the public
 * URLs and the placeholders that infra/ ships in place of real secrets.
 */

/** What infra/'s example env files and Secret templates hold until an operator fills them in. */
export const PLACEHOLDER_PATTERN = /change[-_]?me/i

interface ProductionFields {
  APP_ENV: 'development' | 'test' | 'production'
  WEB_PUBLIC_URL: string
  PAYMENTS_PUBLIC_URL?: string | undefined
  SEP_BASE_URL: string
  KAVENEGAR_BASE_URL: string
  KAVENEGAR_API_KEY?: string | undefined
  JIBIT_BASE_URL: string
  JIBIT_API_KEY?: string | undefined
  JIBIT_SECRET_KEY?: string | undefined
  S3_SECRET_ACCESS_KEY?: string | undefined
  CMS_WEBHOOK_SECRET?: string | undefined
  DATABASE_URL: string
  WEBOTP_DOMAIN: string
}

const HTTPS_URLS = [
  'WEB_PUBLIC_URL',
  'PAYMENTS_PUBLIC_URL',
  'SEP_BASE_URL',
  'KAVENEGAR_BASE_URL',
  'JIBIT_BASE_URL',
] as const
const SECRETS = [
  'KAVENEGAR_API_KEY',
  'JIBIT_API_KEY',
  'JIBIT_SECRET_KEY',
  'S3_SECRET_ACCESS_KEY',
  'CMS_WEBHOOK_SECRET',
  'DATABASE_URL',
] as const

export function checkProductionProfile(env: ProductionFields, ctx: z.RefinementCtx): void {
  if (env.APP_ENV !== 'production') return
  for (const name of HTTPS_URLS) {
    const value = env[name]
    if (value && new URL(value).protocol !== 'https:') {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be an https:// URL in production',
      })
    }
  }
  for (const name of SECRETS) {
    if (env[name] && PLACEHOLDER_PATTERN.test(env[name])) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'still holds the placeholder from infra/; set the real secret',
      })
    }
  }
  if (env.WEBOTP_DOMAIN === 'localhost') {
    ctx.addIssue({
      code: 'custom',
      path: ['WEBOTP_DOMAIN'],
      message: "must be the public host name in production (the SMS's @domain line)",
    })
  }
}
