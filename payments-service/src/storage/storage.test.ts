import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envSchema, parseEnv } from '../config/env.ts'
import { testConfig } from '../test/app.ts'
import { DEFAULT_ATTACHMENTS_DIR } from './config.ts'
import { createFileStorage } from './index.ts'
import { createLocalStorage } from './local.ts'
import { createS3Storage } from './s3.ts'
import { StoredFileNotFound, type FileStorage } from './storage.ts'

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const spoolDir = mkdtempSync(path.join(os.tmpdir(), 'arzpol-storage-spool-'))
afterAll(() => rmSync(spoolDir, { recursive: true, force: true }))

/** What every driver must do, run against each one. */
function behavesLikeFileStorage(name: string, storage: () => FileStorage) {
  describe(`${name}: the FileStorage contract`, () => {
    it('stores, reads back and deletes bytes', async () => {
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255])
      await storage().put('tickets/2026/11/abc-123', data, 'image/png')
      expect((await readAll(await storage().get('tickets/2026/11/abc-123'))).equals(data)).toBe(
        true,
      )
      await storage().delete('tickets/2026/11/abc-123')
      await expect(storage().get('tickets/2026/11/abc-123')).rejects.toBeInstanceOf(
        StoredFileNotFound,
      )
    })

    it('reports a missing key as StoredFileNotFound and deletes it without complaint', async () => {
      await expect(storage().get('tickets/none/here')).rejects.toBeInstanceOf(StoredFileNotFound)
      await expect(storage().delete('tickets/none/here')).resolves.toBeUndefined()
    })

    it('refuses keys that could escape its folder or bucket prefix', async () => {
      for (const key of ['../etc/passwd', '/abs/path', 'a//b', 'A/B', 'a/./b', 'a/b/', '']) {
        await expect(storage().put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
          /invalid storage key/,
        )
        await expect(storage().get(key), key).rejects.toThrow(/invalid storage key/)
      }
    })

    it('stores a file handed over in parts as the parts one after another', async () => {
      const parts = [
        Buffer.from('iv-bytes'),
        Buffer.alloc(0),
        Buffer.alloc(70_000, 7),
        Buffer.from('end'),
      ]
      await storage().put('sealed/parts/one', parts, 'application/octet-stream')
      const stored = await readAll(await storage().get('sealed/parts/one'))
      expect(stored.equals(Buffer.concat(parts))).toBe(true)
    })

    it('stores a copy of a file from this machine, leaving the original where it was', async () => {
      const local = path.join(spoolDir, `${name}-copy`)
      const data = Buffer.alloc(300_000, 3)
      writeFileSync(local, data)
      await storage().putFile('sealed/spooled/one', local, 'application/octet-stream')
      expect((await readAll(await storage().get('sealed/spooled/one'))).equals(data)).toBe(true)
      expect(readFileSync(local).equals(data)).toBe(true)
      await expect(
        storage().putFile('sealed/spooled/two', path.join(spoolDir, 'none'), 'image/png'),
      ).rejects.toThrow(/ENOENT/)
      await expect(storage().get('sealed/spooled/two')).rejects.toBeInstanceOf(StoredFileNotFound)
    })

    it('keeps a 10 MB file intact', async () => {
      const data = Buffer.alloc(10 * 1024 * 1024)
      for (let i = 0; i < data.length; i += 4096) data[i] = i % 251
      await storage().put('tickets/big/one', data, 'application/pdf')
      expect((await readAll(await storage().get('tickets/big/one'))).equals(data)).toBe(true)
    })
  })
}

describe('local disk storage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'arzpol-storage-test-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const storage = createLocalStorage(path.join(root, 'nested', 'attachments'))

  behavesLikeFileStorage('local', () => storage)

  it('writes owner-only files under the key path, leaving no temporary files', async () => {
    await storage.put('tickets/2026/12/k1', Buffer.from('%PDF-1.4'), 'application/pdf')
    const file = path.join(root, 'nested', 'attachments', 'tickets', '2026', '12', 'k1')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readdirSync(path.dirname(file))).toEqual(['k1'])
  })

  it('keeps a copied file owner-only too, whatever the original allowed', async () => {
    const local = path.join(spoolDir, 'readable-by-all')
    writeFileSync(local, 'sealed bytes', { mode: 0o644 })
    await storage.putFile('sealed/2026/12/k2', local, 'application/octet-stream')
    const file = path.join(root, 'nested', 'attachments', 'sealed', '2026', '12', 'k2')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readdirSync(path.dirname(file))).toEqual(['k2'])
  })

  it('never overwrites one key with another', async () => {
    await storage.put('tickets/same/key', Buffer.from('first'), 'image/png')
    await storage.put('tickets/same/key', Buffer.from('second'), 'image/png')
    expect((await readAll(await storage.get('tickets/same/key'))).toString()).toBe('second')
  })
})

describe('S3-compatible storage (against s3rver, a local S3 server)', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'arzpol-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'arzpol-attachments', configs: [] }],
  })
  let storage: ReturnType<typeof createS3Storage> | undefined
  let endpoint = ''

  beforeAll(async () => {
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
    storage = createS3Storage({
      bucket: 'arzpol-attachments',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'test/',
    })
  })
  afterAll(async () => {
    storage?.client.destroy()
    await server.close()
    rmSync(directory, { recursive: true, force: true })
  })
  const need = () => {
    if (!storage) throw new Error('s3 storage not started')
    return storage
  }

  behavesLikeFileStorage('s3', need)

  it('puts objects under the prefix with their content type', async () => {
    await need().put('tickets/2026/11/typed', Buffer.from('GIF89a'), 'image/gif')
    const listed = await need().client.send(
      new ListObjectsV2Command({ Bucket: 'arzpol-attachments', Prefix: 'test/tickets/2026/11/' }),
    )
    expect(listed.Contents?.map((object) => object.Key)).toContain('test/tickets/2026/11/typed')
  })

  it('is what createFileStorage builds from STORAGE_DRIVER=s3', async () => {
    const configured = createFileStorage(
      testConfig({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'arzpol-attachments',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    )
    expect(configured.driver).toBe('s3')
    await configured.put('tickets/configured/one', Buffer.from('%PDF'), 'application/pdf')
    expect((await readAll(await configured.get('tickets/configured/one'))).toString()).toBe('%PDF')
    // No prefix configured: the object sits at the bucket's root.
    await expect(need().get('tickets/configured/one')).rejects.toBeInstanceOf(StoredFileNotFound)
  })

  it('fails loudly when the bucket does not exist', async () => {
    const wrong = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    await expect(wrong.put('tickets/x/y', Buffer.from('x'), 'image/png')).rejects.toThrow()
    wrong.client.destroy()
  })
})

describe('storage configuration', () => {
  const base = {
    DATABASE_URL: 'postgres://x@127.0.0.1/x',
    JWT_PRIVATE_KEY: testConfig()
      .JWT_PRIVATE_KEY.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  }

  it('defaults to local disk in .data/attachments at the repository root', () => {
    const config = testConfig()
    expect(config.STORAGE_DRIVER).toBe('local')
    expect(config.ATTACHMENTS_DIR).toBe(DEFAULT_ATTACHMENTS_DIR)
    expect(DEFAULT_ATTACHMENTS_DIR).toBe(
      path.resolve(import.meta.dirname, '..', '..', '..', '.data', 'attachments'),
    )
    expect(createFileStorage(config).driver).toBe('local')
  })

  it('resolves a relative ATTACHMENTS_DIR from the working directory', () => {
    expect(testConfig({ ATTACHMENTS_DIR: 'files/here' }).ATTACHMENTS_DIR).toBe(
      path.resolve('files/here'),
    )
  })

  it('names the variable when s3 is chosen without a bucket or with half the credentials', () => {
    const result = parseEnv(envSchema, {
      ...base,
      STORAGE_DRIVER: 's3',
      S3_ACCESS_KEY_ID: 'only-the-id',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'S3_BUCKET: is required with STORAGE_DRIVER=s3',
        'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      ]),
    )
    const badDriver = parseEnv(envSchema, { ...base, STORAGE_DRIVER: 'ftp' })
    expect(badDriver.ok).toBe(false)
    expect(parseEnv(envSchema, base).ok).toBe(true)
    const badBucket = parseEnv(envSchema, { ...base, S3_BUCKET: 'Bad_Bucket' })
    expect(badBucket.ok ? [] : badBucket.errors).toEqual(['S3_BUCKET: must be a valid bucket name'])
  })
})
