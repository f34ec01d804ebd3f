import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { reachLevel1 } from '../../test/identity.ts'
import { uploadIdentityDocument } from '../../test/identity-documents.ts'
import { useStaffApp } from '../../test/staff.ts'
import { SAMPLE_FILES } from '../../test/tickets.ts'
import { identityDocumentFilesFromConfig } from './documents.ts'

/**
 * Level-2 photos are sealed while they stream in (ADR 025): this test file's process gets its
 * own temporary folder, the pod's spool, to watch what lands there during an upload.
 */

const spool = mkdtempSync(path.join(os.tmpdir(), 'arzpol-photo-spool-'))
process.env.TMPDIR = spool
afterAll(() => rmSync(spool, { recursive: true, force: true }))

const t = useStaffApp()

const spooled = () => readdirSync(spool).filter((name) => name.startsWith('arzpol-sealing-'))

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = probe()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`waited in vain for ${what}`)
}

/**
 * A multipart upload written by hand, so the test decides when each byte leaves: `head` and the
 * first `split` bytes of the photo at once, the rest when `rest()` is called.
 */
function slowUpload(token: string, photo: Buffer, split: number) {
  const boundary = `----arzpol${randomBytes(8).toString('hex')}`
  const request = http.request(`${t.api.url}/api/me/identity/documents/`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    },
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nselfie\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  )
  request.write(photo.subarray(0, split))
  return {
    answer,
    rest: () =>
      request.end(Buffer.concat([photo.subarray(split), Buffer.from(`\r\n--${boundary}--\r\n`)])),
    cut: () => request.destroy(),
  }
}

/** A 4 MB "photo": a real PNG's bytes followed by noise (types are read from the first bytes). */
const photo = Buffer.concat([SAMPLE_FILES.png, randomBytes(4 * 1024 * 1024)])
const windows = (bytes: Buffer, upTo: number) =>
  [0, 1000, Math.floor(upTo / 2), upTo - 64].map((at) => bytes.subarray(at, at + 64))

describe('level-2 photos sealed as they stream in', () => {
  it('holds only ciphertext on the disk mid-upload, stores it, and leaves no spool file', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    const split = 2 * 1024 * 1024
    const upload = slowUpload(customer.token, photo, split)
    const file = await until('the spool file', () => {
      const [name] = spooled()
      if (!name) return undefined
      const full = path.join(spool, name)
      return statSync(full).size >= split ? full : undefined
    })
    const onDisk = readFileSync(file)
    for (const window of windows(photo, split)) expect(onDisk.includes(window)).toBe(false)

    upload.rest()
    const { status, body } = await upload.answer
    expect(status, body).toBe(201)
    await until('the spool file removed', () => (spooled().length === 0 ? true : undefined))

    const row = (await t.deps
      .db('identity_documents')
      .where({ user_id: customer.id })
      .first('storage_key', 'key_id', 'size_bytes', 'content_type')) as {
      storage_key: string
      key_id: string
      size_bytes: number
      content_type: string
    }
    expect(row).toMatchObject({ size_bytes: photo.length, content_type: 'image/png' })
    const files = identityDocumentFilesFromConfig(t.deps.config, t.deps.storage)
    expect((await files.get(row.storage_key, row.key_id)).equals(photo)).toBe(true)
  })

  it('leaves nothing behind when the upload breaks off, is refused or is too large', async () => {
    const customer = await t.customer()
    const cutOff = slowUpload(customer.token, photo, 1024 * 1024)
    await until('the spool file', () => (spooled().length > 0 ? true : undefined))
    cutOff.cut()
    await cutOff.answer.catch(() => undefined)
    await until('the spool file removed', () => (spooled().length === 0 ? true : undefined))

    // Before level 1: received and sealed, then refused; not a file of it is kept.
    const early = await uploadIdentityDocument(t, customer.token, 'selfie')
    expect(early.status).toBe(409)
    await reachLevel1(t, customer.token)
    const notAPhoto = await uploadIdentityDocument(t, customer.token, 'selfie', {
      name: 'me.png',
      data: Buffer.from('%PDF-1.4 pretending to be a photo'),
    })
    expect(notAPhoto.status).toBe(400)
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(10 * 1024 * 1024, 0)])
    const tooLarge = await uploadIdentityDocument(t, customer.token, 'selfie', {
      name: 'big.png',
      data: big,
    })
    expect(tooLarge.status).toBe(413)
    await until('the spool emptied', () => (spooled().length === 0 ? true : undefined))
    expect(await t.deps.db('identity_documents').where({ user_id: customer.id })).toEqual([])
  })
})
