import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_ATTACHMENT_BYTES } from '@arzpol/contracts/uploads'
import { createOrder, useOrdersApp } from '../../../test/orders.ts'
import { SAMPLE_FILES } from '../../../test/tickets.ts'

const attachmentsDir = mkdtempSync(path.join(tmpdir(), 'arzpol-documents-'))
afterAll(() => rmSync(attachmentsDir, { recursive: true, force: true }))

interface DocumentBody {
  id: number
  payment_id: number
  file_name: string
  content_type: string
  size_bytes: number
}

describe('order documents', () => {
  const t = useOrdersApp({ ATTACHMENTS_DIR: attachmentsDir })

  async function upload(
    token: string,
    orderId: number | string,
    data: Buffer,
    name: string,
    mime = 'application/octet-stream',
  ) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(data)], { type: mime }), name)
    const response = await fetch(`${t.api.url}/api/payments/${orderId}/documents/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
    const text = await response.text()
    return {
      status: response.status,
      text,
      body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
    }
  }

  const storedFiles = () =>
    readdirSync(attachmentsDir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length

  it('stores a PDF and an image for the owner, lists them and downloads them as attachments', async () => {
    const owner = await t.customer()
    const order = await createOrder(t, owner.token)
    const pdf = await upload(
      owner.token,
      order.id,
      SAMPLE_FILES.pdf,
      'رسید بانکی.pdf',
      'application/pdf',
    )
    expect(pdf.status, pdf.text).toBe(201)
    expect(pdf.body).toMatchObject({
      payment_id: order.id,
      file_name: 'رسید بانکی.pdf',
      content_type: 'application/pdf',
      size_bytes: SAMPLE_FILES.pdf.length,
      uploaded_by_user_id: owner.id,
    })
    // The client's name and MIME type are not believed: this is a PNG.
    const png = await upload(owner.token, order.id, SAMPLE_FILES.png, 'scan.pdf', 'application/pdf')
    expect(png.status, png.text).toBe(201)
    expect(png.body).toMatchObject({ content_type: 'image/png', file_name: 'scan.png' })

    const list = await t.api.get<DocumentBody[]>(`/api/payments/${order.id}/documents/`, {
      token: owner.token,
    })
    expect(list.status).toBe(200)
    expect(list.body.map((doc) => doc.content_type)).toEqual(['application/pdf', 'image/png'])

    const download = await fetch(
      `${t.api.url}/api/payments/${order.id}/documents/${String(pdf.body.id)}/download/`,
      { headers: { Authorization: `Bearer ${owner.token}` } },
    )
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="/)
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('رسید بانکی.pdf')}`,
    )
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_FILES.pdf)).toBe(true)

    // Staff may read and add to any order.
    const staff = await t.customer('support')
    expect(
      (
        await t.api.get<DocumentBody[]>(`/api/payments/${order.id}/documents/`, {
          token: staff.token,
        })
      ).body,
    ).toHaveLength(2)
    expect((await upload(staff.token, order.id, SAMPLE_FILES.png, 'receipt.png')).status).toBe(201)
  })

  it("answers 404 for another customer's order and its documents (IDOR), exactly as for a missing one", async () => {
    const owner = await t.customer()
    const other = await t.customer()
    const order = await createOrder(t, owner.token)
    const doc = await upload(owner.token, order.id, SAMPLE_FILES.pdf, 'a.pdf')
    expect(doc.status).toBe(201)
    const before = storedFiles()

    const missing = await upload(other.token, 999_999, SAMPLE_FILES.pdf, 'b.pdf')
    const foreign = await upload(other.token, order.id, SAMPLE_FILES.pdf, 'b.pdf')
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual(missing.body)
    expect(storedFiles()).toBe(before)

    const list = await t.api.get(`/api/payments/${order.id}/documents/`, { token: other.token })
    expect(list.status).toBe(404)
    const download = await t.api.get(
      `/api/payments/${order.id}/documents/${String(doc.body.id)}/download/`,
      { token: other.token },
    )
    expect(download.status).toBe(404)
    // A document id under another of the caller's own orders does not open it either.
    const mine = await createOrder(t, other.token)
    expect(
      (
        await t.api.get(`/api/payments/${mine.id}/documents/${String(doc.body.id)}/download/`, {
          token: other.token,
        })
      ).status,
    ).toBe(404)
    expect((await t.api.get(`/api/payments/${order.id}/documents/`)).status).toBe(401)
  })

  it('refuses a disguised executable and a GIF by their bytes, and stores nothing', async () => {
    const owner = await t.customer()
    const order = await createOrder(t, owner.token)
    const before = storedFiles()
    const exe = await upload(
      owner.token,
      order.id,
      SAMPLE_FILES.exe,
      'invoice.pdf',
      'application/pdf',
    )
    expect(exe.status).toBe(400)
    expect(exe.body).toEqual({ file: [expect.stringContaining('PDF')] })
    const gif = await upload(owner.token, order.id, SAMPLE_FILES.gif, 'a.gif', 'image/gif')
    expect(gif.status).toBe(400)
    expect(storedFiles()).toBe(before)
    expect(
      (await t.api.get<unknown[]>(`/api/payments/${order.id}/documents/`, { token: owner.token }))
        .body,
    ).toEqual([])
  })

  it('refuses a file over 10 MB with 413 and accepts one of exactly 10 MB', async () => {
    const owner = await t.customer()
    const order = await createOrder(t, owner.token)
    const pdfOf = (size: number) => {
      const data = Buffer.alloc(size, 0x20)
      SAMPLE_FILES.pdf.copy(data)
      return data
    }
    const over = await upload(owner.token, order.id, pdfOf(MAX_ATTACHMENT_BYTES + 1), 'big.pdf')
    expect(over.status).toBe(413)
    expect(over.body).toMatchObject({ code: 'file_too_large' })
    const exact = await upload(owner.token, order.id, pdfOf(MAX_ATTACHMENT_BYTES), 'ok.pdf')
    expect(exact.status, exact.text).toBe(201)
  })

  it('needs multipart with a file, and a customer may not add to a closed order', async () => {
    const owner = await t.customer()
    const order = await createOrder(t, owner.token)
    const json = await t.api.post(
      `/api/payments/${order.id}/documents/`,
      {},
      { token: owner.token },
    )
    expect(json.status).toBe(415)
    const form = new FormData()
    form.append('note', 'no file')
    const noFile = await fetch(`${t.api.url}/api/payments/${order.id}/documents/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}` },
      body: form,
    })
    expect(noFile.status).toBe(400)

    expect(
      (await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token: owner.token })).status,
    ).toBe(200)
    const closed = await upload(owner.token, order.id, SAMPLE_FILES.pdf, 'late.pdf')
    expect(closed.status).toBe(409)
    expect(closed.body).toMatchObject({ code: 'order_closed' })
  })
})
