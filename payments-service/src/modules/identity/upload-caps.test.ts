import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { IDENTITY_DOCUMENT_MESSAGES } from '@arzpol/contracts/identity/documents'
import { UPLOAD_MESSAGES } from '@arzpol/contracts/uploads'
import { uploadIdentityDocument } from '../../test/identity-documents.ts'
import { reachLevel1 } from '../../test/identity.ts'
import { useStaffApp } from '../../test/staff.ts'

/**
 * A stolen session (or a script) uploading level-2 photos without end: every upload is a sealed
 * object we keep for years and staff may have to open. Caps per hour and per request, counted in
 * PostgreSQL under the customer's lock, and a bound on bodies one process reads at once.
 */

const t = useStaffApp({
  IDENTITY_UPLOADS_PER_HOUR: '4',
  IDENTITY_UPLOADS_PER_REQUEST: '3',
  UPLOADS_CONCURRENT_PER_INSTANCE: '1',
  // The hourly cap is tried across an hour of the test clock, on one sign-in.
  ACCESS_TOKEN_TTL_SECONDS: '7200',
})

const storedCount = async (userId: number) =>
  Number(
    (
      (await t.deps
        .db('identity_documents')
        .where({ user_id: userId })
        .count({ n: '*' })
        .first()) as {
        n: string
      }
    ).n,
  )

describe('identity upload caps', () => {
  it('refuses uploads past the cap per request, however many arrive at once', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    // Re-uploads of one kind keep the request collecting; only the cap stops them.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => uploadIdentityDocument(t, customer.token, 'national_card')),
    )
    // The process reads one body at a time: the others were told to come back.
    const busy = answers.filter((answer) => answer.status === 503)
    for (const answer of busy) {
      expect(answer.body).toEqual({ code: 'uploads_busy', detail: UPLOAD_MESSAGES.busy })
      expect(answer.headers.get('retry-after')).toBe('5')
    }
    let stored = answers.filter((answer) => answer.status === 201).length
    while (stored < 3) {
      const again = await uploadIdentityDocument(t, customer.token, 'national_card')
      expect(again.status, again.text).toBe(201)
      stored += 1
    }
    const refused = await uploadIdentityDocument(t, customer.token, 'national_card')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      code: 'too_many_documents',
      detail: IDENTITY_DOCUMENT_MESSAGES.tooManyInRequest,
    })
    expect(await storedCount(customer.id)).toBe(3)
  })

  it('refuses uploads past the hourly cap, and takes them again an hour later', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    for (const kind of ['national_card', 'national_card', 'selfie']) {
      expect((await uploadIdentityDocument(t, customer.token, kind)).status).toBe(201)
    }
    // Both kinds are in: staff reject the request, the customer starts a new one.
    const review = (await t.deps
      .db('identity_reviews')
      .where({ user_id: customer.id, status: 'pending' })
      .first('id')) as { id: number }
    const staff = await t.customer('support')
    const rejected = await t.api.post(
      `/api/staff/identity/reviews/${review.id}/reject/`,
      { reason: 'تصویر کارت ملی خوانا نیست.' },
      { token: staff.token },
    )
    expect(rejected.status, rejected.text).toBe(200)
    expect((await uploadIdentityDocument(t, customer.token, 'selfie')).status).toBe(201)

    const refused = await uploadIdentityDocument(t, customer.token, 'national_card')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      code: 'too_many_uploads',
      detail: IDENTITY_DOCUMENT_MESSAGES.tooManyUploads,
    })
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect(await storedCount(customer.id)).toBe(4)

    t.clock.advance(3601)
    expect((await uploadIdentityDocument(t, customer.token, 'national_card')).status).toBe(201)
  })

  it('gives the slot back when a client gives up half way through its body', async () => {
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    const url = new URL('/api/me/identity/documents/', t.api.url)
    // A body announced as 1 MB that stops after its first bytes, then the client hangs up.
    await new Promise<void>((resolve) => {
      const half = request(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${customer.token}`,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(1024 * 1024),
        },
      })
      half.on('error', () => resolve())
      half.write('--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nselfie\r\n')
      setTimeout(() => {
        half.destroy()
        resolve()
      }, 200)
    })
    // The slot is free again: an upload is read, not turned away as busy.
    let answer = await uploadIdentityDocument(t, customer.token, 'selfie')
    for (let tries = 0; answer.status === 503 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      answer = await uploadIdentityDocument(t, customer.token, 'selfie')
    }
    expect(answer.status, answer.text).toBe(201)
  })
})
