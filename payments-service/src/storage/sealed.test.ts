import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from './local.ts'
import { createSealedFiles } from './sealed.ts'

/** Sealed files (ADR 025) over the real local driver: what an attacker with the bucket gets. */

const root = mkdtempSync(path.join(os.tmpdir(), 'arzpol-sealed-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const storage = createLocalStorage(root)
const oldKey = randomBytes(32)
const newKey = randomBytes(32)

const sealed = (keys: Array<[string, Buffer]>, current: string, purpose = 'identity-document') =>
  createSealedFiles({ storage, purpose, currentKeyId: current, keys: new Map(keys) })

async function raw(key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const photo = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(500)])

describe('sealed files', () => {
  it('stores ciphertext with a fresh IV each time and opens it again', async () => {
    const files = sealed([['k1', oldKey]], 'k1')
    expect(await files.put('docs/a', photo)).toEqual({ keyId: 'k1' })
    await files.put('docs/b', photo)
    const [a, b] = [await raw('docs/a'), await raw('docs/b')]
    expect(a.includes(photo.subarray(0, 8))).toBe(false)
    expect(a.subarray(0, 12).equals(b.subarray(0, 12))).toBe(false)
    expect(a.equals(b)).toBe(false)
    expect((await files.get('docs/a', 'k1')).equals(photo)).toBe(true)
  })

  it('refuses a flipped byte, a file copied under another key, another purpose or key', async () => {
    const files = sealed([['k1', oldKey]], 'k1')
    await files.put('docs/c', photo)
    const bytes = await raw('docs/c')
    const flipped = Buffer.from(bytes)
    flipped[40] = (flipped[40] ?? 0) ^ 1
    await storage.put('docs/flipped', flipped, 'application/octet-stream')
    await expect(files.get('docs/flipped', 'k1')).rejects.toThrow()
    // Someone else's document row pointed at this object: the key is authenticated data.
    await storage.put('docs/copy', bytes, 'application/octet-stream')
    await expect(files.get('docs/copy', 'k1')).rejects.toThrow()
    await expect(
      sealed([['k1', oldKey]], 'k1', 'site-password').get('docs/c', 'k1'),
    ).rejects.toThrow()
    await expect(sealed([['k1', newKey]], 'k1').get('docs/c', 'k1')).rejects.toThrow()
    await expect(files.get('docs/c', 'k9')).rejects.toThrow(/no key with id k9/)
  })

  it('after a rotation seals with the new key and still opens files of the previous one', async () => {
    await sealed([['k1', oldKey]], 'k1').put('docs/old', photo)
    const rotated = sealed(
      [
        ['k1', oldKey],
        ['k2', newKey],
      ],
      'k2',
    )
    expect(await rotated.put('docs/new', photo)).toEqual({ keyId: 'k2' })
    expect((await rotated.get('docs/old', 'k1')).equals(photo)).toBe(true)
    expect((await rotated.get('docs/new', 'k2')).equals(photo)).toBe(true)
  })
})
