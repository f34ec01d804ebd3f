/**
 * The production profile (APP_ENV=production, set by infra/ only). The local stacks run Strapi
 * with NODE_ENV=production over http on 127.0.0.1, so NODE_ENV cannot be the switch: APP_ENV is,
 * as in payments-service and web.
 */
import type { z } from 'zod'

/** What infra/'s example env files and Secret templates hold until an operator fills them in. */
const PLACEHOLDER_PATTERN = /change[-_]?me/i

/** The launcher's default first admin password (README): public, so never in production. */
const DEVELOPMENT_ADMIN_PASSWORD = 'ArzPol-dev-1404'

const SECRETS = [
  'CMS_API_TOKEN_SALT',
  'CMS_ADMIN_JWT_SECRET',
  'CMS_TRANSFER_TOKEN_SALT',
  'CMS_JWT_SECRET',
  'CMS_ENCRYPTION_KEY',
  'CMS_WEBHOOK_SECRET',
  'CMS_S3_SECRET_ACCESS_KEY',
  'CMS_ADMIN_PASSWORD',
  'CMS_DATABASE_URL',
] as const

type ProductionFields = { APP_ENV: 'development' | 'test' | 'production' } & {
  [name in (typeof SECRETS)[number]]?: string | undefined
} & {
  CMS_APP_KEYS: string[]
  CMS_PUBLIC_URL?: string | undefined
  CMS_DATABASE_CLIENT: 'sqlite' | 'postgres'
  PAYMENTS_JWKS_URL?: string | undefined
}

export function checkProductionProfile(env: ProductionFields, ctx: z.RefinementCtx): void {
  if (env.APP_ENV !== 'production') return
  const refuse = (name: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [name], message })

  if (!env.CMS_PUBLIC_URL) refuse('CMS_PUBLIC_URL', 'required in production (https:// origin)')
  else if (new URL(env.CMS_PUBLIC_URL).protocol !== 'https:')
    refuse('CMS_PUBLIC_URL', 'must be an https:// URL in production')
  if (env.CMS_DATABASE_CLIENT !== 'postgres')
    refuse('CMS_DATABASE_CLIENT', 'must be postgres in production (SQLite is for one laptop)')
  if (!env.PAYMENTS_JWKS_URL)
    refuse('PAYMENTS_JWKS_URL', 'required in production (comments verify customers with it)')
  if (!env.CMS_WEBHOOK_SECRET)
    refuse(
      'CMS_WEBHOOK_SECRET',
      'required in production (moderators’ decisions are recorded with it, and web hears of changes)',
    )

  for (const name of SECRETS) {
    const value = env[name]
    if (value && PLACEHOLDER_PATTERN.test(value))
      refuse(name, 'still holds the placeholder from infra/; set the real secret')
  }
  if (env.CMS_APP_KEYS.some((key) => PLACEHOLDER_PATTERN.test(key)))
    refuse('CMS_APP_KEYS', 'still holds the placeholder from infra/; set the real secret')
  if (env.CMS_ADMIN_PASSWORD === DEVELOPMENT_ADMIN_PASSWORD)
    refuse('CMS_ADMIN_PASSWORD', 'is the published development password; choose another')
}
