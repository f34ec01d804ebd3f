import { readdirSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/app.ts'
import { createLocalStorage } from '../../storage/local.ts'
import type { FileStorage } from '../../storage/storage.ts'
import {
  categoryId,
  postMultipart,
  SAMPLE_FILES,
  signedIn,
  useTicketingApp,
  type UploadPart,
} from '../../test/tickets.ts'
import { MAX_ATTACHMENT_BYTES } from '@arzpol/contracts/uploads'

type MessageBody = {
  id: number
  attachments: Array<{ id: number; file: string; name: string; content_type: string; size: number }>
}
type AttachmentBody = {
  id: number
  file: string
  name: string
  content_type: string
  size: number
  message: number
}

const TYPE_REFUSED = {
  file: ['نوع فایل مجاز نیست. فقط تصویر (PNG، JPEG، WebP، GIF) یا PDF بفرستید.'],
}
const TOO_LARGE = { detail: 'حجم فایل نباید بیشتر از ۱۰ مگابایت باشد.', code: 'file_too_large' }

/** Every file under the attachments folder (temporary files included). */
function storedFiles(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else found.push(full)
    }
  }
  walk(root)
  return found
}

async function newTicket(t: TestApp, token: string): Promise<{ id: number; messageId: number }> {
  const created = await t.api.post<{ id: number }>(
    '/api/ticketing/tickets/',
    { title: 'رسید', category: await categoryId(t), message: 'پیوست می‌فرستم' },
    { token },
  )
  expect(created.status, created.text).toBe(201)
  const messages = await t.api.get<Array<{ id: number }>>(
    `/api/ticketing/tickets/${created.body.id}/messages/`,
    { token },
  )
  return { id: created.body.id, messageId: messages.body[0]?.id ?? 0 }
}

describe('attachments', () => {
  const t = useTicketingApp()

  const attach = (token: string, messageId: number, file: UploadPart | null) =>
    postMultipart<AttachmentBody>(
      t,
      '/api/ticketing/attachments/',
      { message: String(messageId) },
      file,
      token,
    )

  describe('POST /api/ticketing/attachments/', () => {
    it('accepts PNG, JPEG, WebP, GIF and PDF by their bytes and stores them privately', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const expected = [
        ['png', 'image/png'],
        ['jpeg', 'image/jpeg'],
        ['webp', 'image/webp'],
        ['gif', 'image/gif'],
        ['pdf', 'application/pdf'],
      ] as const
      for (const [sample, type] of expected.slice(0, 5)) {
        if (sample === 'pdf') {
          // Five per message: the fifth goes on a message of its own.
          const other = await postMultipart<MessageBody>(
            t,
            `/api/ticketing/tickets/${ticket.id}/messages/`,
            {},
            { name: 'doc.pdf', data: SAMPLE_FILES.pdf },
            token,
          )
          expect(other.status, other.text).toBe(201)
          expect(other.body.attachments[0]?.content_type).toBe(type)
          continue
        }
        const response = await attach(token, ticket.messageId, {
          name: `file.${sample}`,
          data: SAMPLE_FILES[sample],
        })
        expect(response.status, `${sample}: ${response.text}`).toBe(201)
        expect(response.body).toMatchObject({ content_type: type, message: ticket.messageId })
      }
      const files = storedFiles(t.attachmentsDir)
      expect(files.length).toBeGreaterThanOrEqual(5)
      for (const file of files) {
        expect(file).not.toMatch(/\.tmp$/)
        expect(statSync(file).mode & 0o777).toBe(0o600)
      }
    })

    it('takes the type from the bytes, not from the name or the claimed MIME type', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const response = await attach(token, ticket.messageId, {
        name: 'not-really.exe',
        data: SAMPLE_FILES.png,
        type: 'application/x-msdownload',
      })
      expect(response.status, response.text).toBe(201)
      expect(response.body).toMatchObject({ content_type: 'image/png', name: 'not-really.png' })
    })

    it('refuses a disguised executable (renamed .png, claimed image/png) and other types', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const disguised: UploadPart[] = [
        { name: 'photo.png', data: SAMPLE_FILES.exe, type: 'image/png' },
        { name: 'photo.jpg', data: SAMPLE_FILES.elf, type: 'image/jpeg' },
        { name: 'image.png', data: SAMPLE_FILES.svg, type: 'image/png' },
        { name: 'page.pdf', data: SAMPLE_FILES.html, type: 'application/pdf' },
        { name: 'archive.pdf', data: SAMPLE_FILES.zip, type: 'application/pdf' },
        { name: 'notes.png', data: Buffer.from('just some text'), type: 'image/png' },
      ]
      for (const file of disguised) {
        const response = await attach(token, ticket.messageId, file)
        expect([file.name, response.status, response.body]).toEqual([file.name, 400, TYPE_REFUSED])
        const asMessage = await postMultipart(
          t,
          `/api/ticketing/tickets/${ticket.id}/messages/`,
          { content: 'این هم فایل' },
          file,
          token,
        )
        expect([file.name, asMessage.status, asMessage.body]).toEqual([
          file.name,
          400,
          TYPE_REFUSED,
        ])
      }
      expect(storedFiles(t.attachmentsDir)).toEqual([])
      expect(await t.deps.db('ticket_attachments').count('* as n')).toEqual([{ n: 0 }])
      expect(await t.deps.db('ticket_messages').count('* as n')).toEqual([{ n: 1 }])
    })

    it('refuses an empty file, a missing file and a missing message', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const empty = await attach(token, ticket.messageId, { name: 'a.png', data: Buffer.alloc(0) })
      expect([empty.status, empty.body]).toEqual([400, { file: ['فایل خالی است'] }])
      const none = await postMultipart(t, '/api/ticketing/attachments/', {}, null, token)
      expect([none.status, none.body]).toEqual([
        400,
        { message: ['شناسه پیام لازم است'], file: ['فایل لازم است'] },
      ])
      const json = await t.api.post('/api/ticketing/attachments/', { message: 1 }, { token })
      expect(json.status).toBe(415)
    })

    it('refuses a file over 10 MB with 413, reading no more than it must, and stores nothing', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const oversized = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0)
      SAMPLE_FILES.png.copy(oversized)
      const response = await attach(token, ticket.messageId, { name: 'big.png', data: oversized })
      expect([response.status, response.body]).toEqual([413, TOO_LARGE])
      const viaMessage = await postMultipart(
        t,
        `/api/ticketing/tickets/${ticket.id}/messages/`,
        {},
        { name: 'big.png', data: oversized },
        token,
      )
      expect([viaMessage.status, viaMessage.body]).toEqual([413, TOO_LARGE])
      expect(storedFiles(t.attachmentsDir)).toEqual([])
      expect(await t.deps.db('ticket_messages').count('* as n')).toEqual([{ n: 1 }])

      // Exactly 10 MB is still fine.
      const exact = await attach(token, ticket.messageId, {
        name: 'exact.png',
        data: oversized.subarray(0, MAX_ATTACHMENT_BYTES),
      })
      expect(exact.status, exact.text).toBe(201)
      expect(exact.body.size).toBe(MAX_ATTACHMENT_BYTES)
    })

    it('cuts off a body that keeps streaming past the limit without a Content-Length', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const boundary = 'x-boundary'
      const url = new URL('/api/ticketing/attachments/', t.api.url)
      // The server answers 413 and closes the connection (as nginx does past its body limit):
      // the client sees the answer, or, when it was still writing, a reset. Either way it could
      // not push the whole 40 MB.
      const outcome = await new Promise<{ status?: number; error?: string; chunks: number }>(
        (resolve) => {
          let sent = 0
          const request = http.request(url, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${token}`,
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              'Transfer-Encoding': 'chunked',
            },
          })
          request.on('response', (response) => {
            response.resume()
            resolve({ status: response.statusCode ?? 0, chunks: sent })
          })
          request.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ error: error.code ?? String(error), chunks: sent }),
          )
          request.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${ticket.messageId}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          )
          request.write(SAMPLE_FILES.png)
          // 40 MB in 1 MB chunks, far past the limit.
          const chunk = Buffer.alloc(1024 * 1024, 1)
          const pump = () => {
            while (sent < 40) {
              sent += 1
              if (!request.write(chunk)) return void request.once('drain', pump)
            }
            request.end()
          }
          pump()
        },
      )
      expect(String(outcome.status ?? outcome.error), JSON.stringify(outcome)).toMatch(
        /^(413|EPIPE|ECONNRESET)$/,
      )
      expect(outcome.chunks).toBeLessThan(40)
      expect(storedFiles(t.attachmentsDir)).toEqual([])
    })

    it('refuses a second file in the same request', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const form = new FormData()
      form.append('message', String(ticket.messageId))
      form.append('file', new Blob([new Uint8Array(SAMPLE_FILES.png)]), 'a.png')
      form.append('file', new Blob([new Uint8Array(SAMPLE_FILES.gif)]), 'b.gif')
      const response = await fetch(`${t.api.url}/api/ticketing/attachments/`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        file: ['در هر درخواست فقط یک فایل می‌توان فرستاد.'],
      })
    })

    it('refuses malformed multipart bodies with 400', async () => {
      const { token } = await signedIn(t)
      const response = await fetch(`${t.api.url}/api/ticketing/attachments/`, {
        method: 'POST',
        body: 'not multipart at all',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data' },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'parse_error' })
    })

    it("allows at most 5 files per message, only on the caller's own messages", async () => {
      const customer = await signedIn(t)
      const staff = await signedIn(t, { role: 'support' })
      const ticket = await newTicket(t, customer.token)
      for (let i = 0; i < 5; i++) {
        const ok = await attach(customer.token, ticket.messageId, {
          name: `${i}.gif`,
          data: SAMPLE_FILES.gif,
        })
        expect(ok.status, ok.text).toBe(201)
      }
      const sixth = await attach(customer.token, ticket.messageId, {
        name: '6.gif',
        data: SAMPLE_FILES.gif,
      })
      expect([sixth.status, sixth.body]).toEqual([
        400,
        { message: ['هر پیام حداکثر ۵ فایل پیوست می‌تواند داشته باشد.'] },
      ])

      const reply = await t.api.post<{ id: number }>(
        `/api/staff/tickets/${ticket.id}/messages/`,
        { content: 'پاسخ پشتیبانی' },
        { token: staff.token },
      )
      // The customer sees the staff reply but cannot attach files to it.
      const onStaffMessage = await attach(customer.token, reply.body.id, {
        name: 'a.png',
        data: SAMPLE_FILES.png,
      })
      expect([onStaffMessage.status, onStaffMessage.body]).toEqual([
        403,
        { detail: 'فقط به پیام‌های خودتان می‌توانید فایل پیوست کنید.', code: 'not_message_author' },
      ])
      // Staff may add a file to their own reply, not to the customer's message.
      const staffOwn = await attach(staff.token, reply.body.id, {
        name: 'guide.pdf',
        data: SAMPLE_FILES.pdf,
      })
      expect(staffOwn.status, staffOwn.text).toBe(201)
      const staffOnCustomer = await attach(staff.token, ticket.messageId, {
        name: 'a.png',
        data: SAMPLE_FILES.png,
      })
      expect(staffOnCustomer.status).toBe(404)
    })
  })

  describe('file names', () => {
    it('are sanitised: no paths, no direction tricks, the detected extension', async () => {
      const { token } = await signedIn(t)
      const ticket = await newTicket(t, token)
      const cases: Array<[string, string]> = [
        ['../../etc/passwd.png', 'passwd.png'],
        ['C:\\Users\\me\\رسید بانک.png', 'رسید بانک.png'],
        ['invoice\u202Egnp.exe', 'invoicegnp.png'],
        ['<script>alert(1)</script>.png', 'script.png'],
        ['a<b>c:d*e?.png', 'a_b_c_d_e.png'],
        [`${'ب'.repeat(200)}.png`, `${'ب'.repeat(80)}.png`],
        ['.png', 'پیوست.png'],
      ]
      for (const [clientName, stored] of cases) {
        const form = new FormData()
        form.append('message', String(ticket.messageId))
        form.append('file', new Blob([new Uint8Array(SAMPLE_FILES.png)]), clientName)
        const response = await fetch(`${t.api.url}/api/ticketing/attachments/`, {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${token}` },
        })
        const body = (await response.json()) as AttachmentBody
        expect([clientName, response.status, body.name]).toEqual([clientName, 201, stored])
        await t.deps.db('ticket_attachments').where({ id: body.id }).delete()
      }
      // The storage key never comes from the name.
      for (const file of storedFiles(t.attachmentsDir)) {
        expect(path.relative(t.attachmentsDir, file)).toMatch(
          /^tickets\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/,
        )
      }
    })
  })

  describe('GET /api/ticketing/attachments/{id}/download/', () => {
    it('serves the bytes as a download with the detected type, nosniff and a safe name', async () => {
      const customer = await signedIn(t)
      const staff = await signedIn(t, { role: 'support' })
      const ticket = await newTicket(t, customer.token)
      const uploaded = await attach(customer.token, ticket.messageId, {
        name: 'رسید <بانک>.png',
        data: SAMPLE_FILES.png,
        type: 'text/html',
      })
      expect(uploaded.status, uploaded.text).toBe(201)
      expect(uploaded.body.file).toBe(`/api/ticketing/attachments/${uploaded.body.id}/download/`)

      for (const token of [customer.token, staff.token]) {
        const response = await fetch(`${t.api.url}${uploaded.body.file}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('image/png')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        expect(response.headers.get('content-length')).toBe(String(SAMPLE_FILES.png.length))
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="____ _____.png"; filename*=UTF-8''${encodeURIComponent('رسید _بانک.png')}`,
        )
        expect(Buffer.from(await response.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true)
      }
    })

    it('is not found for another customer, for an unknown id, and when the file is gone', async () => {
      const owner = await signedIn(t)
      const other = await signedIn(t)
      const ticket = await newTicket(t, owner.token)
      const uploaded = await attach(owner.token, ticket.messageId, {
        name: 'a.pdf',
        data: SAMPLE_FILES.pdf,
      })
      const NOT_FOUND = { detail: 'فایل یافت نشد' }
      const foreign = await t.api.get(uploaded.body.file, { token: other.token })
      expect([foreign.status, foreign.body]).toEqual([404, NOT_FOUND])
      const unknown = await t.api.get('/api/ticketing/attachments/999999/download/', {
        token: owner.token,
      })
      expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND])
      const anonymous = await t.api.get(uploaded.body.file)
      expect(anonymous.status).toBe(401)

      const key = await t.deps.db('ticket_attachments').where({ id: uploaded.body.id }).first()
      await t.deps.storage.delete(String(key.storage_key))
      const gone = await t.api.get(uploaded.body.file, { token: owner.token })
      expect([gone.status, gone.body]).toEqual([404, NOT_FOUND])
    })
  })
})

describe('attachments when storage or the database fails', () => {
  const failing: { put: boolean } = { put: false }
  const stored = new Set<string>()
  let inner: FileStorage | undefined
  const storage: FileStorage = {
    driver: 'local',
    async put(key, data, type) {
      if (failing.put) throw new Error('disk full')
      stored.add(key)
      await inner?.put(key, data, type)
    },
    async putFile(key, localPath, type) {
      if (failing.put) throw new Error('disk full')
      stored.add(key)
      await inner?.putFile(key, localPath, type)
    },
    get: (key) => {
      if (!inner) throw new Error('no storage')
      return inner.get(key)
    },
    async delete(key) {
      stored.delete(key)
      await inner?.delete(key)
    },
  }
  const t = useTicketingApp({ overrides: { storage } })

  it('answers 500 without a message row when the file cannot be stored', async () => {
    inner = createLocalStorage(t.attachmentsDir)
    const { token } = await signedIn(t)
    const ticket = await newTicket(t, token)
    failing.put = true
    try {
      const response = await postMultipart(
        t,
        `/api/ticketing/tickets/${ticket.id}/messages/`,
        { content: 'با فایل' },
        { name: 'a.png', data: SAMPLE_FILES.png },
        token,
      )
      expect([response.status, response.body]).toEqual([500, { detail: 'خطای داخلی سرور' }])
    } finally {
      failing.put = false
    }
    expect(await t.deps.db('ticket_messages').count('* as n')).toEqual([{ n: 1 }])
  })

  it('removes the stored file again when the message cannot be written', async () => {
    inner = createLocalStorage(t.attachmentsDir)
    const { token } = await signedIn(t)
    const ticket = await newTicket(t, token)
    // The ticket closes between the pre-check and the locked write: simulate with a trigger.
    await t.deps.db.raw(`
      CREATE OR REPLACE FUNCTION refuse_messages() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_messages BEFORE INSERT ON ticket_messages
        FOR EACH ROW EXECUTE FUNCTION refuse_messages();
    `)
    try {
      const response = await postMultipart(
        t,
        `/api/ticketing/tickets/${ticket.id}/messages/`,
        {},
        { name: 'a.png', data: SAMPLE_FILES.png },
        token,
      )
      expect(response.status).toBe(500)
    } finally {
      await t.deps.db.raw('DROP TRIGGER refuse_messages ON ticket_messages')
    }
    expect(stored.size).toBe(0)
    expect(storedFiles(t.attachmentsDir)).toEqual([])
  })
})
