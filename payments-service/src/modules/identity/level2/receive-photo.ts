import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { ReceivedFile, type AttachmentType } from '@arzpol/contracts/uploads'
import { detectAttachmentType, type FileReceiver } from '../../../http/uploads.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { SealedFiles } from '../../../storage/sealed.ts'

/** Enough of a file's first bytes to tell its type (file-type's own sample size). */
const HEAD_BYTES = 4100

/** A level-2 photo sealed on its way in: ciphertext in a spool file, ready to be stored. */
export class SealedPhoto extends ReceivedFile {
  constructor(
    readonly clientName: string,
    readonly type: AttachmentType | null,
    readonly size: number,
    /** The key it is sealed for (the key is authenticated data) and will be stored under. */
    readonly storageKey: string,
    readonly keyId: string,
    readonly spoolPath: string,
  ) {
    super()
  }
}

/** The storage key of a photo received at `now`: by month, then a random name. */
const storageKeyAt = (now: Date) =>
  `identity-documents/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`

/**
 * Receives a level-2 photo as it streams in: each chunk is sealed at once and written to a spool
 * file in the pod's temporary folder, so neither the photo nor its sealed copy is ever whole in
 * memory (only its first bytes are kept, to tell its type), and nothing readable touches the
 * disk. The spool file is removed once the answer is sent, stored or not.
 */
export function photoReceiver(deps: { files: SealedFiles; clock: Clock }): FileReceiver {
  return async (stream, clientName) => {
    const storageKey = storageKeyAt(deps.clock.now())
    const spoolPath = path.join(os.tmpdir(), `arzpol-sealing-${randomUUID()}`)
    const discard = () => rm(spoolPath, { force: true })
    const head: Buffer[] = []
    let size = 0
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size))
        size += chunk.length
        done(null, chunk)
      },
    })
    // pipe() alone would leave the measure waiting when the upload breaks off.
    stream.once('error', (error) => measure.destroy(error))
    try {
      const { keyId } = await deps.files.sealInto(storageKey, stream.pipe(measure), spoolPath)
      const type = await detectAttachmentType(Buffer.concat(head))
      const photo = new SealedPhoto(clientName, type, size, storageKey, keyId, spoolPath)
      return { file: photo, discard }
    } catch (error) {
      await discard()
      throw error
    }
  }
}
