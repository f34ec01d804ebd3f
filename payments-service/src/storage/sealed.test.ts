import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { fc, test } from '@fast-check/vitest'
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

  describe('sealed as it streams in', () => {
    const spool = mkdtempSync(path.join(os.tmpdir(), 'arzpol-sealed-spool-'))
    afterAll(() => rmSync(spool, { recursive: true, force: true }))
    let spooled = 0
    const spoolFile = () => path.join(spool, `upload-${(spooled += 1)}`)

    test.prop([fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 12 })], { numRuns: 40 })(
      'opens as what arrived, however the bytes were cut into chunks',
      async (chunks) => {
        const files = sealed([['k1', oldKey]], 'k1')
        const file = spoolFile()
        const key = `docs/streamed/${spooled}`
        const source = Readable.from(chunks.map((chunk) => Buffer.from(chunk)))
        expect(await files.sealInto(key, source, file)).toEqual({ keyId: 'k1' })
        await files.putSealed(key, file)
        const sent = Buffer.concat(chunks)
        expect((await files.get(key, 'k1')).equals(sent)).toBe(true)
        expect((await raw(key)).length).toBe(sent.length + 28)
      },
    )

    it('writes only ciphertext to the disk, and a 10 MB photo opens whole', async () => {
      const big = Buffer.concat([photo, randomBytes(10 * 1024 * 1024 - photo.length)])
      const files = sealed([['k1', oldKey]], 'k1')
      const file = spoolFile()
      const chunks = Array.from({ length: 160 }, (_, i) =>
        big.subarray(i * 65_536, (i + 1) * 65_536),
      )
      await files.sealInto('docs/streamed/big', Readable.from(chunks), file)
      const onDisk = readFileSync(file)
      expect(onDisk.includes(big.subarray(0, 64))).toBe(false)
      expect(onDisk.includes(big.subarray(5_000_000, 5_000_064))).toBe(false)
      await files.putSealed('docs/streamed/big', file)
      expect((await files.get('docs/streamed/big', 'k1')).equals(big)).toBe(true)
    })

    it('opens under its own key only, like a file sealed whole', async () => {
      const files = sealed([['k1', oldKey]], 'k1')
      const file = spoolFile()
      await files.sealInto('docs/streamed/mine', Readable.from([photo]), file)
      await files.putSealed('docs/streamed/other', file)
      await expect(files.get('docs/streamed/other', 'k1')).rejects.toThrow()
    })

    it('fails when the upload breaks off, and never writes over an existing file', async () => {
      const files = sealed([['k1', oldKey]], 'k1')
      const broken = new Readable({
        read() {
          this.push(photo)
          this.destroy(new Error('client went away'))
        },
      })
      const file = spoolFile()
      await expect(files.sealInto('docs/streamed/broken', broken, file)).rejects.toThrow(
        /client went away/,
      )
      await expect(
        files.sealInto('docs/streamed/again', Readable.from([photo]), file),
      ).rejects.toThrow(/EEXIST/)
    })
  })
})
