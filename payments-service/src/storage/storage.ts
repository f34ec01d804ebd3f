import type { Readable } from 'node:stream'

/**
 * Where uploaded files live. Keys are ours (random, never derived from a customer's file name),
 * so no driver has to defend against path tricks in them; each still checks the shape.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3'
  /**
   * Stores the bytes under `key`, replacing nothing: keys are unique by construction. `data` may
   * come in parts (written one after another), so a caller that has a file in pieces never
   * copies it into one buffer first.
   */
  put(key: string, data: Buffer | readonly Buffer[], contentType: string): Promise<void>
  /** Stores a copy of a file of this machine's disk under `key`, read as a stream. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>
  /** The stored bytes as a stream; throws `StoredFileNotFound` when there is no such key. */
  get(key: string): Promise<Readable>
  /** Removes the file; a missing key is not an error (deleting twice is fine). */
  delete(key: string): Promise<void>
}

export class StoredFileNotFound extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`)
    this.name = 'StoredFileNotFound'
  }
}

/** `tickets/2026/11/<uuid>`: lower-case letters, digits, dashes and single slashes. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.length > 200) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`)
  }
}

/** A file's parts as a list, however the caller handed them over. */
export const partsOf = (data: Buffer | readonly Buffer[]): readonly Buffer[] =>
  Buffer.isBuffer(data) ? [data] : data
