import type { AppConfig } from '../../config/env.ts'
import type { IdentityInquiry } from './inquiry.ts'
import { createJibitInquiry } from './jibit.inquiry.ts'

export * from './inquiry.ts'

/** Where main.ts's in-process sandbox listens when none is configured; tests set their own. */
const SANDBOX_FALLBACK_URL = 'http://127.0.0.1:4200'

/**
 * IDENTITY_PROVIDER=jibit → Jibit's API with its keys (env.ts refuses jibit without them);
 * sandbox → the local sandbox (src/sandbox-identity/), which speaks the same protocol.
 */
export function identityInquiryFromConfig(config: AppConfig): IdentityInquiry {
  if (config.IDENTITY_PROVIDER === 'jibit') {
    return createJibitInquiry({
      name: 'jibit',
      baseUrl: config.JIBIT_BASE_URL,
      apiKey: config.JIBIT_API_KEY ?? '',
      secretKey: config.JIBIT_SECRET_KEY ?? '',
      timeoutMs: config.IDENTITY_TIMEOUT_MS,
    })
  }
  return createJibitInquiry({
    name: 'sandbox',
    baseUrl: config.IDENTITY_SANDBOX_URL ?? SANDBOX_FALLBACK_URL,
    apiKey: 'sandbox-api-key',
    secretKey: 'sandbox-secret-key',
    timeoutMs: config.IDENTITY_TIMEOUT_MS,
    shebaMatching: true,
  })
}
