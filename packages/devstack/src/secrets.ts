import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Development secrets: generated on the first `npm run dev` and kept in the git-ignored data
 * folder, so a fresh clone needs no manual step and no secret is ever committed. The services
 * themselves have no built-in secret defaults (production must supply every one of them).
 */
export const DEV_SECRET_NAMES = [
  'SESSION_SECRET',
  'JWT_PRIVATE_KEY',
  'CREDENTIALS_ENCRYPTION_KEY',
  'CMS_APP_KEYS',
  'CMS_API_TOKEN_SALT',
  'CMS_ADMIN_JWT_SECRET',
  'CMS_TRANSFER_TOKEN_SALT',
  'CMS_JWT_SECRET',
  'CMS_ENCRYPTION_KEY',
  'CMS_WEBHOOK_SECRET',
  'STAFF_ADMIN_PASSWORD',
  'STAFF_APPROVER_PASSWORD',
] as const

export type DevSecrets = Record<(typeof DEV_SECRET_NAMES)[number], string>

const random = (bytes = 32) => randomBytes(bytes).toString('base64url')

export function generateDevSecrets(): DevSecrets {
  const { privateKey } = generateKeyPairSync('ed25519')
  return {
    SESSION_SECRET: random(),
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CMS_APP_KEYS: [random(16), random(16), random(16), random(16)].join(','),
    CMS_API_TOKEN_SALT: random(16),
    CMS_ADMIN_JWT_SECRET: random(),
    CMS_TRANSFER_TOKEN_SALT: random(16),
    CMS_JWT_SECRET: random(),
    CMS_ENCRYPTION_KEY: random(),
    CMS_WEBHOOK_SECRET: random(),
    // The development staff admin's login (stack.ts); never a service's setting.
    STAFF_ADMIN_PASSWORD: random(15),
    STAFF_APPROVER_PASSWORD: random(15),
  }
}

/** Reads the secrets file of a data folder, creating it (and any missing entry) when needed. */
export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json')
  const stored: Partial<DevSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const fresh = generateDevSecrets()
  const secrets = { ...fresh, ...stored } as DevSecrets
  if (DEV_SECRET_NAMES.some((name) => stored[name] === undefined)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets
}
