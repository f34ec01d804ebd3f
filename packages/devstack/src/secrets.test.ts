import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEV_SECRET_NAMES, loadDevSecrets } from './secrets.ts'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('loadDevSecrets', () => {
  it('generates every secret once, keeps them private to the owner and reuses them', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arzpol-secrets-'))
    const first = loadDevSecrets(dir)
    expect(Object.keys(first).sort()).toEqual([...DEV_SECRET_NAMES].sort())
    expect(createPrivateKey(first.JWT_PRIVATE_KEY).asymmetricKeyType).toBe('ed25519')
    expect(Buffer.from(first.CREDENTIALS_ENCRYPTION_KEY, 'base64')).toHaveLength(32)
    expect(first.CMS_APP_KEYS.split(',')).toHaveLength(4)
    expect(statSync(path.join(dir, 'dev-secrets.json')).mode & 0o777).toBe(0o600)
    expect(loadDevSecrets(dir)).toEqual(first)
  })

  it('adds secrets that a newer version needs without replacing the existing ones', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arzpol-secrets-'))
    const file = path.join(dir, 'dev-secrets.json')
    writeFileSync(file, JSON.stringify({ SESSION_SECRET: 'kept-as-it-was' }))
    const secrets = loadDevSecrets(dir)
    expect(secrets.SESSION_SECRET).toBe('kept-as-it-was')
    expect(JSON.parse(readFileSync(file, 'utf8')).CMS_WEBHOOK_SECRET).toBe(
      secrets.CMS_WEBHOOK_SECRET,
    )
  })
})
