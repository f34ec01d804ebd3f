import type { AppConfig } from '../../../config/env.ts'

/** The callback the bank posts to: web's public origin (which proxies /api) unless overridden. */
export const callbackUrlOf = (config: AppConfig) =>
  `${(config.PAYMENTS_PUBLIC_URL ?? config.WEB_PUBLIC_URL).replace(/\/+$/, '')}/api/payments/callback/`
