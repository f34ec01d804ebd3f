import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { MESSAGES } from '@arzpol/contracts/identity/customer'
import { IDENTITY_DOCUMENT_MESSAGES } from '@arzpol/contracts/identity/documents'
import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { IDENTITY_TEXTS } from '~/features/identity/identity-texts.ts'
import {
  identityStatus,
  startFakeIdentity,
} from '~/features/identity/fake-identity.test-support.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { type CookieJar, expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action as uploadResource } from '../dashboard.identity.documents.ts'
import { action, loader, type IdentityActionData } from './route.tsx'

/**
 * The identity page's loader and actions as plain functions against a local stand-in of
 * payments-service's identity contract: what reaches payments-service, and what the customer
 * reads when a check fails (the contract's Persian texts, the service's 409/503 details).
 */

let jar: CookieJar
const fake = await standInForFile(startFakeIdentity(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  jar = signedInJar({ sub: '1' })
})

const post = (fields: Record<string, string> | FormData) =>
  submit(action, '/dashboard/identity', fields, jar)

const upstream = (method: string, path: string) =>
  fake.calls.filter((call) => call.method === method && call.path === path)

async function refusal(fields: Record<string, string>) {
  const result = expectData<IdentityActionData>(await post(fields))
  return { status: result.init?.status, ...result.data }
}

const png = () =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
    'card.png',
    {
      type: 'image/png',
    },
  )

describe('/dashboard/identity loader', () => {
  it('reads the level and its limits; a level-0 customer has no cards to ask for', async () => {
    const result = expectData<{ status: { level: number }; cards: unknown[] }>(
      await load(loader, '/dashboard/identity', jar),
    )
    expect(result.data.status.level).toBe(0)
    expect(result.data.cards).toEqual([])
    expect(upstream('GET', '/api/me/identity/cards/')).toHaveLength(0)
    expect(upstream('GET', '/api/me/identity/')[0]?.authorization).toMatch(/^Bearer ey/)
  })

  it('lists a level-1 customer’s cards, and says so when the list cannot be read', async () => {
    fake.state.level = 1
    fake.state.cards.push({ id: 3, masked_number: '603799******0006', bank_name: 'بانک ملی' })
    const result = expectData<{ cards: { bank_name: string }[] | null }>(
      await load(loader, '/dashboard/identity', jar),
    )
    expect(result.data.cards?.[0]?.bank_name).toBe('بانک ملی')
    fake.answer('GET /api/me/identity/cards/', 500, { detail: 'boom' })
    const failed = expectData<{ cards: unknown }>(await load(loader, '/dashboard/identity', jar))
    expect(failed.data.cards).toBeNull()
  })

  it('refuses an answer that breaks the contract instead of rendering it', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    fake.answer('GET /api/me/identity/', 200, { ...identityStatus(0), level: 'zero' })
    const result = expectData<{ status: unknown }>(await load(loader, '/dashboard/identity', jar))
    expect(result.data.status).toBeNull()
    expect(logged).toHaveBeenCalledOnce()
  })
})

describe('level 1', () => {
  const VALID = {
    intent: 'level1',
    first_name: ' سارا ',
    last_name: 'رضایی',
    national_code: '۰۰۲۴۶۸۱۳۵۰',
    birth_date: '۱۳۷۰/۰۶/۱۵',
  }

  it('sends the form with Latin digits and comes back to the page with a confirmation', async () => {
    const response = await post(VALID)
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).headers.get('Location')).toBe('/dashboard/identity')
    expect(flashMessage(response)).toBe(IDENTITY_TEXTS.level1Done)
    expect(upstream('POST', '/api/me/identity/')[0]?.json).toEqual({
      first_name: 'سارا',
      last_name: 'رضایی',
      national_code: '0024681350',
      birth_date: '۱۳۷۰/۰۶/۱۵',
    })
  })

  it('puts each failed check beside its field and asks nobody', async () => {
    const result = await refusal({
      intent: 'level1',
      first_name: '',
      last_name: 'Robert"); DROP TABLE users;--',
      national_code: '0024681351',
      birth_date: '1404/12/30',
    })
    expect(result.status).toBe(400)
    expect(result.errors.fields).toEqual({
      first_name: [MESSAGES.required],
      last_name: [MESSAGES.nameInvalid],
      national_code: [MESSAGES.nationalCodeInvalid],
      birth_date: [MESSAGES.birthDateInvalid],
    })
    expect(result.values?.last_name).toBe('Robert"); DROP TABLE users;--')
    expect(upstream('POST', '/api/me/identity/')).toHaveLength(0)
  })

  it('shows the service’s Persian reason for a mismatch, a taken code, a silent provider and a daily cap', async () => {
    for (const [status, body] of [
      [409, { detail: MESSAGES.mobileMismatch, code: 'mobile_mismatch' }],
      [409, { detail: MESSAGES.nationalCodeTaken, code: 'national_code_taken' }],
      [503, { detail: MESSAGES.inquiryUnavailable, code: 'inquiry_unavailable', retry_after: 60 }],
      [429, { detail: MESSAGES.inquiryLimitCustomer, code: 'inquiry_limit', retry_after: 3600 }],
      [429, { detail: MESSAGES.inquiryLimitAddress, code: 'inquiry_limit', retry_after: 3600 }],
    ] as const) {
      fake.answer('POST /api/me/identity/', status, body)
      const result = await refusal(VALID)
      expect(result.status).toBe(status === 503 ? 502 : status)
      expect(result.errors.form).toEqual([body.detail])
    }
  })

  it('puts the service’s field errors (under age) beside the field', async () => {
    fake.answer('POST /api/me/identity/', 400, { birth_date: [MESSAGES.underAge] })
    const result = await refusal(VALID)
    expect(result.errors.fields.birth_date).toEqual([MESSAGES.underAge])
  })

  it('says the service is unavailable when payments-service cannot be read', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    fake.answer('POST /api/me/identity/', 200, { level: 1 })
    const result = await refusal(VALID)
    expect(result.errors.form).toEqual([IDENTITY_TEXTS.unavailable])
    expect(logged).toHaveBeenCalledOnce()
  })
})

describe('cards', () => {
  it('registers a card typed with spaces and Persian digits as 16 Latin digits', async () => {
    const response = await post({ intent: 'add-card', card_number: '۶۰۳۷ ۹۹۰۰ ۰۰۰۰ ۰۰۰۶' })
    expect(flashMessage(response)).toBe(IDENTITY_TEXTS.cardAdded)
    expect(upstream('POST', '/api/me/identity/cards/')[0]?.json).toEqual({
      card_number: '6037990000000006',
    })
  })

  it('refuses a number that fails Luhn, and one of no known bank, without asking', async () => {
    for (const [number, message] of [
      ['6037990000000007', CARD_MESSAGES.cardInvalid],
      ['', CARD_MESSAGES.required],
      ['4111 1111 1111 1111', CARD_MESSAGES.unknownBank],
    ] as const) {
      const result = await refusal({ intent: 'add-card', card_number: number })
      expect([number, result.errors.fields.card_number]).toEqual([number, [message]])
    }
    expect(upstream('POST', '/api/me/identity/cards/')).toHaveLength(0)
  })

  it('shows why the service refused a card: not the customer’s, already there, level 0, too many, a daily cap', async () => {
    for (const [status, body] of [
      [409, { detail: CARD_MESSAGES.notOwner, code: 'card_not_owner' }],
      [409, { detail: CARD_MESSAGES.alreadyRegistered, code: 'card_already_registered' }],
      [403, { detail: CARD_MESSAGES.levelRequired, code: 'identity_level_required' }],
      [409, { detail: CARD_MESSAGES.tooMany(10), code: 'too_many_cards' }],
      [429, { detail: MESSAGES.inquiryLimitCustomer, code: 'inquiry_limit', retry_after: 3600 }],
      [429, { detail: MESSAGES.inquiryLimitAddress, code: 'inquiry_limit', retry_after: 3600 }],
    ] as const) {
      fake.answer('POST /api/me/identity/cards/', status, body)
      const result = await refusal({ intent: 'add-card', card_number: '6037990000000006' })
      expect(result.status).toBe(status)
      expect(result.errors.form).toEqual([body.detail])
    }
  })

  it('removes a card by its id, and never builds a path from anything else', async () => {
    const response = await post({ intent: 'remove-card', card_id: '3' })
    expect(flashMessage(response)).toBe(IDENTITY_TEXTS.cardRemoved)
    expect(upstream('DELETE', '/api/me/identity/cards/3/')).toHaveLength(1)
    for (const hostile of ['../../staff/users/1', '3/', '-1', '', '1e3']) {
      const result = await refusal({ intent: 'remove-card', card_id: hostile })
      expect(result.status).toBe(400)
    }
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
  })

  it('shows the service’s reason when another customer’s card id is removed (404)', async () => {
    fake.answer('DELETE /api/me/identity/cards/99/', 404, { detail: CARD_MESSAGES.notFound })
    const result = await refusal({ intent: 'remove-card', card_id: '99' })
    expect(result.status).toBe(404)
    expect(result.errors.form).toEqual([CARD_MESSAGES.notFound])
  })
})

describe('level-2 documents', () => {
  it('sends a photo on as multipart with its kind (the page’s plain form)', async () => {
    const form = new FormData()
    form.set('intent', 'upload-document')
    form.set('kind', 'national_card')
    form.set('file', png())
    const response = await post(form)
    expect(flashMessage(response)).toBe(IDENTITY_TEXTS.documentUploaded)
    const [sent] = upstream('POST', '/api/me/identity/documents/')
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent?.raw).toContain('name="kind"\r\n\r\nnational_card')
    expect(sent?.raw).toContain('name="file"; filename="card.png"')
  })

  it('refuses a missing file and an unknown kind beside their fields, without asking', async () => {
    const empty = new FormData()
    empty.set('intent', 'upload-document')
    empty.set('kind', 'selfie')
    empty.set('file', new File([], ''))
    const noFile = expectData<IdentityActionData>(await post(empty))
    expect(noFile.data.errors.fields.file).toEqual([IDENTITY_TEXTS.noFile])
    const bogus = new FormData()
    bogus.set('intent', 'upload-document')
    bogus.set('kind', '../passport')
    bogus.set('file', png())
    const badKind = expectData<IdentityActionData>(await post(bogus))
    expect(badKind.data.errors.fields.kind).toEqual([IDENTITY_DOCUMENT_MESSAGES.kindRequired])
    expect(upstream('POST', '/api/me/identity/documents/')).toHaveLength(0)
  })

  it('answers the JavaScript upload in JSON, the service’s refusal included', async () => {
    const form = new FormData()
    form.set('kind', 'selfie')
    form.set('file', png())
    const ok = await submit(uploadResource, '/dashboard/identity/documents', form, jar)
    expect(ok.status).toBe(201)
    expect(await ok.json()).toEqual({ ok: true })

    fake.answer('POST /api/me/identity/documents/', 400, {
      file: [IDENTITY_DOCUMENT_MESSAGES.fileType],
    })
    const refused = await submit(uploadResource, '/dashboard/identity/documents', form, jar)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      ok: false,
      errors: { form: [], fields: { file: [IDENTITY_DOCUMENT_MESSAGES.fileType] } },
    })
  })

  it('tells the JavaScript upload where to go when there is no session, and sends nothing', async () => {
    const form = new FormData()
    form.set('kind', 'selfie')
    form.set('file', png())
    const response = await submit(uploadResource, '/dashboard/identity/documents', form)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ ok: false, redirect: expect.any(String) })
    expect(upstream('POST', '/api/me/identity/documents/')).toHaveLength(0)
  })
})

it('refuses an unknown form with a Persian message', async () => {
  const result = await refusal({ intent: 'become-admin' })
  expect(result.status).toBe(400)
  expect(result.errors.form).toEqual([IDENTITY_TEXTS.unknownForm])
})
