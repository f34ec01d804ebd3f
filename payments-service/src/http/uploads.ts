import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { fileTypeFromBuffer } from 'file-type'
import type { AppContext } from './context.ts'
import { ApiError, ValidationError } from './errors.ts'
import {
  ALLOWED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  UPLOAD_MESSAGES,
  UploadedFile,
  type AttachmentType,
  type ReceivedFile,
} from '@arzpol/contracts/uploads'

/**
 * Reading attachment uploads: multipart bodies parsed as they stream in (busboy) with the size
 * limit enforced while reading, the type decided by the file's first bytes (file-type's magic
 * numbers) and never by its name or the MIME type the client claims, and a file name that is
 * safe to show and to put in a Content-Disposition header.
 */

export async function detectAttachmentType(data: Buffer): Promise<AttachmentType | null> {
  const detected = await fileTypeFromBuffer(data)
  if (!detected) return null
  return detected.mime in ALLOWED_ATTACHMENT_TYPES ? (detected.mime as AttachmentType) : null
}

/** Bytes of form fields we accept per request besides the file (a message of 5000 characters). */
const MAX_FIELD_BYTES = 32 * 1024
const MAX_FIELDS = 10
/** Beyond this the request is cut off instead of read to the end and thrown away. */
const HARD_CAP_BYTES = MAX_ATTACHMENT_BYTES + 1024 * 1024

const tooLarge = () => new ApiError(413, UPLOAD_MESSAGES.fileTooLarge, 'file_too_large')

/** Seconds a client is asked to wait when every upload slot of this process is taken. */
const BUSY_RETRY_AFTER_SECONDS = 5

/**
 * Upload slots per app (main.ts's one, or each test's): an upload holds up to 10 MB in memory
 * (20 while a photo is sealed) from its first byte until it is checked and stored, so a burst of
 * large uploads could end a pod of a few hundred MiB. Past the bound a request is refused before
 * its body is read, with Retry-After.
 */
const uploadSlots = new WeakMap<object, { free: number }>()

export function limitConcurrentUploads(app: object, max: number): void {
  uploadSlots.set(app, { free: max })
}

/**
 * Takes a file part's bytes as they stream in and answers the file they became. `discard` runs
 * once the answer is sent (and when the file is refused), to remove whatever the receiver kept
 * outside memory.
 */
export type FileReceiver = (
  stream: Readable,
  clientName: string,
) => Promise<{ file: ReceivedFile; discard?: () => Promise<void> }>

/** The default: the bytes kept in memory, up to the limit, then their type read from them. */
const inMemory: FileReceiver = async (stream, clientName) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const data = Buffer.concat(chunks)
  return { file: new UploadedFile(clientName, data, await detectAttachmentType(data)) }
}

/**
 * Reads a multipart body into plain fields plus a `ReceivedFile` (one file at most), each file
 * taken by `receive` (in memory unless a route says otherwise). Used by `defineRoute`'s
 * `multipart.read`, so it only ever runs for an authenticated caller.
 */
export async function readMultipart(
  ctx: AppContext,
  receive: FileReceiver = inMemory,
): Promise<Record<string, unknown>> {
  const declared = Number(ctx.get('Content-Length'))
  if (Number.isFinite(declared) && declared > HARD_CAP_BYTES) throw tooLarge()
  const slots = uploadSlots.get(ctx.app)
  if (slots && slots.free <= 0) {
    ctx.set('Connection', 'close')
    throw new ApiError(503, UPLOAD_MESSAGES.busy, 'uploads_busy', {
      headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    })
  }
  if (slots) {
    // Held until the answer is sent, not only while reading: the file stays in memory while the
    // handler checks, seals and stores it.
    slots.free -= 1
    ctx.res.once('close', () => {
      slots.free += 1
    })
  }
  return readBody(ctx, receive)
}

const PART_LIMITS = {
  // busboy reports the limit once a file reaches it; one byte more tells "exactly 10 MB"
  // (fine) from "more than 10 MB" (refused).
  fileSize: MAX_ATTACHMENT_BYTES + 1,
  files: 1,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  parts: MAX_FIELDS + 1,
}

/**
 * One file part, taken by `receive`. A file over the limit answers null (and `onTooLarge` was
 * told); a stream that fails rejects. Whatever the receiver kept is discarded once the answer
 * is sent, or at once when the file is refused.
 */
async function readFilePart(
  ctx: AppContext,
  stream: Readable,
  filename: string,
  receive: FileReceiver,
  onTooLarge: () => void,
): Promise<ReceivedFile | null> {
  let truncated = false
  stream.on('limit', () => {
    truncated = true
    onTooLarge()
  })
  const { file, discard } = await receive(stream, filename)
  const cleanUp = () => {
    discard?.().catch((error: unknown) => {
      ctx.state.logger.error({ err: error }, 'could not remove a received upload')
    })
  }
  if (truncated) {
    cleanUp()
    return null
  }
  if (ctx.res.writableFinished || ctx.res.destroyed) cleanUp()
  else ctx.res.once('close', cleanUp)
  return file
}

/** A second file, too many fields or parts: the request is refused once the body is read. */
function refuseOverLimits(parser: busboy.Busboy, fail: (error: Error) => void): void {
  parser.on('filesLimit', () => fail(ValidationError.field('file', UPLOAD_MESSAGES.oneFile)))
  parser.on('fieldsLimit', () => fail(new ApiError(400, UPLOAD_MESSAGES.malformed, 'parse_error')))
  parser.on('partsLimit', () => fail(new ApiError(400, UPLOAD_MESSAGES.malformed, 'parse_error')))
}

async function readBody(ctx: AppContext, receive: FileReceiver): Promise<Record<string, unknown>> {
  const parts = await new Promise<{ fields: Record<string, unknown>; problem: Error | null }>(
    (resolve, reject) => {
      const fields: Record<string, unknown> = {}
      const pendingFiles: Array<Promise<void>> = []
      let problem: Error | null = null
      let received = 0
      let parser: busboy.Busboy
      try {
        parser = busboy({
          headers: ctx.req.headers,
          // Browsers send file names as raw UTF-8; Persian names must survive.
          defParamCharset: 'utf8',
          limits: PART_LIMITS,
        })
      } catch {
        reject(new ApiError(400, UPLOAD_MESSAGES.malformed, 'parse_error'))
        return
      }
      const fail = (error: Error) => {
        problem ??= error
      }

      const finish = () => {
        // A request that already failed does not wait for files it will never store.
        if (problem) return resolve({ fields, problem })
        Promise.all(pendingFiles).then(
          () => resolve({ fields, problem }),
          (error: unknown) => reject(error),
        )
      }

      const counter = (chunk: Buffer) => {
        received += chunk.length
        if (received > HARD_CAP_BYTES) {
          // Someone streams far past the limit (no Content-Length): stop reading and close the
          // connection after answering, rather than swallowing an endless body.
          ctx.req.off('data', counter)
          ctx.req.unpipe(parser)
          ctx.set('Connection', 'close')
          fail(tooLarge())
          finish()
        }
      }
      ctx.req.on('data', counter)
      // A client that gives up mid-upload: busboy would wait for the rest forever.
      ctx.req.once('close', () => {
        if (ctx.req.complete) return
        ctx.req.unpipe(parser)
        fail(new ApiError(400, UPLOAD_MESSAGES.malformed, 'parse_error'))
        // Ends the file part's stream too (with an error), so that its receiver lets go of
        // what it holds instead of waiting for bytes that will never come.
        parser.destroy(new Error('the client went away mid-upload'))
        finish()
      })

      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) {
          fail(ValidationError.field(name, UPLOAD_MESSAGES.fieldTooLong))
          return
        }
        if (!(name in fields)) fields[name] = value
      })
      parser.on('file', (name, stream, info) => {
        const pending = readFilePart(ctx, stream, info.filename ?? '', receive, () =>
          fail(tooLarge()),
        ).then((file) => {
          if (file) fields[name] = file
        })
        // A body cut off mid-file fails the parser and this file's stream both; the request
        // answers from the first (finish() does not wait for files once it has a problem), so
        // this rejection may have no other listener: unhandled, it would end the process.
        pending.catch(() => {})
        pendingFiles.push(pending)
      })
      refuseOverLimits(parser, fail)
      parser.on('error', () => {
        fail(new ApiError(400, UPLOAD_MESSAGES.malformed, 'parse_error'))
        ctx.req.unpipe(parser)
        ctx.req.resume()
        finish()
      })
      parser.on('close', () => {
        ctx.req.off('data', counter)
        finish()
      })
      ctx.req.pipe(parser)
    },
  )
  if (parts.problem) throw parts.problem
  return parts.fields
}

// Control characters, and the bidirectional overrides that make `gpj.exe` look like `exe.jpg`.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g
// Letters and marks of any script (Persian included), digits, ZWNJ, space and a few signs.
const UNSAFE = /[^\p{L}\p{M}\p{N}\u200c _()-]/gu
const MAX_BASE_LENGTH = 80

/**
 * A file name safe to store, show and send back: the last path segment only, invisible and
 * direction-changing characters removed, anything but letters, digits, spaces and `_()-`
 * replaced, at most 80 characters, and always the extension of the type we detected.
 */
export function sanitizeFileName(clientName: string, type: AttachmentType): string {
  const extension = ALLOWED_ATTACHMENT_TYPES[type]
  const lastSegment = clientName.split(/[\\/]/).pop() ?? ''
  const cleaned = lastSegment.normalize('NFC').replace(INVISIBLE, '')
  const withoutExtension = cleaned.replace(/\.[^.]*$/, '')
  const base = [
    ...withoutExtension
      .replace(UNSAFE, '_')
      .replace(/\s+/g, ' ')
      .replace(/_+/g, '_')
      .replace(/^[\s_-]+|[\s_-]+$/g, ''),
  ]
    .slice(0, MAX_BASE_LENGTH)
    .join('')
    .trim()
  return `${base || 'پیوست'}.${extension}`
}

/**
 * `attachment` with an ASCII fallback name and the real one in RFC 5987 form, so every browser
 * downloads (never displays) the file under its Persian name.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
