import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const random = (bytes = 32) => randomBytes(bytes).toString('base64url')

/**
 * Development secrets: generated on the first `npm run dev` and kept in the git-ignored data
 * folder, so a fresh clone needs no manual step and no secret is ever committed. The services
 * themselves have no built-in secret defaults (production must supply every one of them).
 * Each name stands once, with how its value is made.
 */
const MAKERS = {
  SESSION_SECRET: () => random(),
  JWT_PRIVATE_KEY: () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  CREDENTIALS_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  CMS_APP_KEYS: () => [random(16), random(16), random(16), random(16)].join(','),
  CMS_API_TOKEN_SALT: () => random(16),
  CMS_ADMIN_JWT_SECRET: () => random(),
  CMS_TRANSFER_TOKEN_SALT: () => random(16),
  CMS_JWT_SECRET: () => random(),
  CMS_ENCRYPTION_KEY: () => random(),
  CMS_WEBHOOK_SECRET: () => random(),
  // The development staff admin's login (stack.ts); never a service's setting.
  STAFF_ADMIN_PASSWORD: () => random(15),
  STAFF_APPROVER_PASSWORD: () => random(15),
} satisfies Record<string, () => string>

export type DevSecrets = Record<keyof typeof MAKERS, string>

export const DEV_SECRET_NAMES = Object.keys(MAKERS) as ReadonlyArray<keyof DevSecrets>

const make = (names: ReadonlyArray<keyof DevSecrets>) =>
  Object.fromEntries(names.map((name) => [name, MAKERS[name]()]))

export const generateDevSecrets = () => make(DEV_SECRET_NAMES) as DevSecrets

/** Reads the secrets file of a data folder, creating it (and any missing entry) when needed. */
export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json')
  const stored: Partial<DevSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const missing = DEV_SECRET_NAMES.filter((name) => stored[name] === undefined)
  const secrets = { ...stored, ...make(missing) } as DevSecrets
  if (missing.length > 0) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets
}
