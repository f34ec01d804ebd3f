import { describe, expect, it } from 'vitest'
import { IDENTITY_DOCUMENT_MESSAGES } from '@arzpol/contracts/identity/documents'
import { uploadIdentityDocument } from '../../test/identity-documents.ts'
import { reachLevel1 } from '../../test/identity.ts'
import { useStaffApp } from '../../test/staff.ts'
import { SAMPLE_FILES } from '../../test/tickets.ts'

/**
 * Level 2's documents, the customer's side (ADR 025), through the HTTP API on real
 * PostgreSQL with the local file storage.
 */

const t = useStaffApp()

const level2Of = async (token: string) =>
  (await t.api.get<{ level2: Record<string, unknown> }>('/api/me/identity/', { token })).body.level2

const documentRows = (userId: number) =>
  t.deps.db('identity_documents').where({ user_id: userId }).orderBy('id') as Promise<
    Array<{ id: number; kind: string; storage_key: string; size_bytes: number; key_id: string }>
  >

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await t.deps.storage.get(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('level 2 documents', () => {
  it('refuses documents before level 1, and stores nothing', async () => {
    const customer = await t.customer()
    const response = await uploadIdentityDocument(t, customer.token, 'national_card')
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      code: 'level1_required',
      detail: IDENTITY_DOCUMENT_MESSAGES.needsLevel1,
    })
    expect(await documentRows(customer.id)).toEqual([])
  })

  it('takes both photos sealed, then the request waits for staff and takes no more', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    const before = await t.api.get<Record<string, unknown>>('/api/me/identity/', {
      token: customer.token,
    })
    expect(before.body).toMatchObject({
      level: 1,
      next_level: { level: 2, available: true },
      level2: {
        status: 'none',
        reason: null,
        documents: [],
        missing: ['national_card', 'selfie'],
        can_upload: true,
      },
    })

    const card = await uploadIdentityDocument(t, customer.token, 'national_card')
    expect(card.status, card.text).toBe(201)
    expect(card.body).toMatchObject({
      document: { kind: 'national_card', content_type: 'image/png', size_bytes: 70 },
      level2: { status: 'none', missing: ['selfie'], can_upload: true },
    })

    // The object store holds ciphertext: not the photo, not even its magic bytes.
    const [row] = await documentRows(customer.id)
    if (!row) throw new Error('no document row')
    const stored = await storedBytes(row.storage_key)
    expect(stored.equals(SAMPLE_FILES.png)).toBe(false)
    expect(stored.includes(SAMPLE_FILES.png.subarray(0, 8))).toBe(false)
    expect(stored.length).toBe(SAMPLE_FILES.png.length + 12 + 16)
    expect(row.storage_key).toMatch(/^identity-documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/)

    const selfie = await uploadIdentityDocument(t, customer.token, 'selfie', {
      name: 'me.jpg',
      data: SAMPLE_FILES.jpeg,
    })
    expect(selfie.status, selfie.text).toBe(201)
    expect(selfie.body).toMatchObject({
      document: { kind: 'selfie', content_type: 'image/jpeg' },
      level2: { status: 'pending', missing: [], can_upload: false },
    })
    expect(
      await t.deps.db('identity_review_audit').where({ user_id: customer.id }).select('action'),
    ).toEqual([{ action: 'submitted' }])

    const late = await uploadIdentityDocument(t, customer.token, 'selfie')
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'under_review' })
    expect(await documentRows(customer.id)).toHaveLength(2)
    expect((await level2Of(customer.token)).documents).toHaveLength(2)
  })

  it('keeps the newest photo of a kind while the request is still being put together', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    await uploadIdentityDocument(t, customer.token, 'national_card')
    const again = await uploadIdentityDocument(t, customer.token, 'national_card', {
      name: 'card.webp',
      data: SAMPLE_FILES.webp,
    })
    expect(again.status, again.text).toBe(201)
    expect(again.body).toMatchObject({
      level2: {
        status: 'none',
        documents: [{ kind: 'national_card', content_type: 'image/webp' }],
        missing: ['selfie'],
      },
    })
    // Both kept (record-keeping); the request shows the newest.
    expect(await documentRows(customer.id)).toHaveLength(2)
  })

  it('decides the type from the bytes: a renamed executable, a PDF, a GIF, an SVG are refused', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    for (const [name, data] of [
      ['card.jpg', SAMPLE_FILES.exe],
      ['card.png', SAMPLE_FILES.pdf],
      ['card.png', SAMPLE_FILES.gif],
      ['card.png', SAMPLE_FILES.svg],
      ['card.jpg', SAMPLE_FILES.html],
    ] as const) {
      const response = await uploadIdentityDocument(t, customer.token, 'national_card', {
        name,
        data,
        type: 'image/jpeg',
      })
      expect([name, response.status]).toEqual([name, 400])
      expect(response.body).toEqual({ file: [IDENTITY_DOCUMENT_MESSAGES.fileType] })
    }
    const empty = await uploadIdentityDocument(t, customer.token, 'selfie', {
      name: 'me.jpg',
      data: Buffer.alloc(0),
    })
    expect(empty.body).toEqual({ file: [IDENTITY_DOCUMENT_MESSAGES.fileEmpty] })
    for (const kind of ['', 'passport', 'selfie\u0000']) {
      const response = await uploadIdentityDocument(t, customer.token, kind)
      expect([kind, response.status]).toEqual([kind, 400])
      expect(response.body).toEqual({ kind: [IDENTITY_DOCUMENT_MESSAGES.kindRequired] })
    }
    expect(await documentRows(customer.id)).toEqual([])
  })

  it('refuses a file above 10 MB with 413, and an anonymous upload with 401', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(10 * 1024 * 1024, 0)])
    const response = await uploadIdentityDocument(t, customer.token, 'selfie', {
      name: 'big.png',
      data: big,
    })
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ code: 'file_too_large' })
    expect((await uploadIdentityDocument(t, undefined, 'selfie')).status).toBe(401)
    expect(await documentRows(customer.id)).toEqual([])
  })
})
