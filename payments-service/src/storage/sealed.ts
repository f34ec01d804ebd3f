import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileStorage } from './storage.ts'

/**
 * Files encrypted before they leave the process (identity documents, ADR 025): the object store
 * and its backups only ever hold ciphertext. AES-256-GCM, a random 12-byte IV per file, stored
 * as iv ‖ auth tag (16) ‖ ciphertext. The storage key is the additional authenticated data, so a
 * sealed object copied under another key (another customer's document row) does not open.
 *
 * The keys are the service's credential keys (CREDENTIALS_ENCRYPTION_KEY and its previous keys,
 * by id) each hashed with a purpose label, so one kind of secret never opens as another and a
 * key rotation covers these files too: the row keeps the id of the key that sealed its file.
 */

const IV_BYTES = 12
const TAG_BYTES = 16

export interface SealedFiles {
  readonly currentKeyId: string
  /** Seals and stores `data`; answers the id of the key that sealed it (keep it with the row). */
  put(key: string, data: Buffer): Promise<{ keyId: string }>
  /**
   * Seals `source` as it arrives into `spoolPath`, a new file of this machine laid out as the
   * store keeps it, so that a large upload is never whole in memory and nothing readable touches
   * the disk. `key` is the storage key it will be stored under (authenticated with it).
   */
  sealInto(key: string, source: Readable, spoolPath: string): Promise<{ keyId: string }>
  /** Stores a file `sealInto` wrote under the same key. */
  putSealed(key: string, spoolPath: string): Promise<void>
  /** The plaintext, after the tag proved it untouched (GCM needs the whole file first). */
  get(key: string, keyId: string): Promise<Buffer>
  delete(key: string): Promise<void>
}

/** A 32-byte key for `purpose` from a key of the credential ring. */
export const purposeKeyOf = (material: Buffer, purpose: string): Buffer =>
  createHash('sha256').update(`arzpol ${purpose} v1\0`).update(material).digest()

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

export function createSealedFiles(options: {
  storage: FileStorage
  purpose: string
  currentKeyId: string
  /** Key id → key material (any length; hashed with the purpose). Must hold the current id. */
  keys: ReadonlyMap<string, Buffer>
}): SealedFiles {
  const { storage, purpose, currentKeyId } = options
  const ring = new Map(
    [...options.keys].map(([id, material]) => [id, purposeKeyOf(material, purpose)]),
  )
  const currentKey = ring.get(currentKeyId)
  if (!currentKey) throw new Error(`sealed files: no key with the current id ${currentKeyId}`)
  const aad = (key: string) => Buffer.from(`arzpol:${purpose}:${key}`, 'utf8')

  return {
    currentKeyId,
    async put(key, data) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv)
      cipher.setAAD(aad(key))
      // The ciphertext goes to the store in its parts, beside the plaintext, never copied into a
      // third buffer (10 MB photos, several at once; GCM's final() adds no bytes).
      const body = [cipher.update(data), cipher.final()]
      // The store learns neither the content nor its type.
      await storage.put(key, [iv, cipher.getAuthTag(), ...body], 'application/octet-stream')
      return { keyId: currentKeyId }
    },
    async sealInto(key, source, spoolPath) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv)
      cipher.setAAD(aad(key))
      await pipeline(
        source,
        cipher,
        // The tag comes before the ciphertext but is known only at its end: its bytes are kept
        // free here and written once the last chunk is sealed.
        async function* (ciphertext: AsyncIterable<Buffer>) {
          yield Buffer.concat([iv, Buffer.alloc(TAG_BYTES)])
          yield* ciphertext
        },
        createWriteStream(spoolPath, { flags: 'wx', mode: 0o600 }),
      )
      const handle = await open(spoolPath, 'r+')
      try {
        await handle.write(cipher.getAuthTag(), 0, TAG_BYTES, IV_BYTES)
      } finally {
        await handle.close()
      }
      return { keyId: currentKeyId }
    },
    putSealed: (key, spoolPath) => storage.putFile(key, spoolPath, 'application/octet-stream'),
    async get(key, keyId) {
      const secret = ring.get(keyId)
      if (!secret) throw new Error(`sealed files: no key with id ${keyId}`)
      const sealed = await readAll(await storage.get(key))
      const decipher = createDecipheriv('aes-256-gcm', secret, sealed.subarray(0, IV_BYTES))
      decipher.setAAD(aad(key))
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      const plain = decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES))
      // Throws unless the tag proves the file untouched: nothing is answered before it.
      const rest = decipher.final()
      return rest.length === 0 ? plain : Buffer.concat([plain, rest])
    },
    delete: (key) => storage.delete(key),
  }
}
