import { describe, expect, it } from 'vitest'
import { REVIEW_MESSAGES } from '@arzpol/contracts/identity/review'
import {
  openEveryDocument,
  submitLevel2,
  uploadIdentityDocument,
} from '../../test/identity-documents.ts'
import { reachLevel1 } from '../../test/identity.ts'
import { approveAsColleague } from '../../test/proposals.ts'
import { validOrder } from '../../test/sample-orders.ts'
import { useStaffApp } from '../../test/staff.ts'
import { SAMPLE_FILES } from '../../test/tickets.ts'

/**
 * Level 2, the staff side (ADR 025): the queue, a request, opening a document (audited),
 * the guarded decision, a customer's identity history and the inquiry log. HTTP on the real app
 * and PostgreSQL.
 */

const t = useStaffApp()

type Json = Record<string, unknown>

/** A level-1 customer whose two photos wait for staff. */
async function pendingRequest() {
  const customer = await t.customer()
  const nationalCode = await reachLevel1(t, customer.token)
  const reviewId = await submitLevel2(t, customer)
  return { customer, nationalCode, reviewId }
}

const auditOf = (userId: number) =>
  t.deps
    .db('identity_review_audit')
    .where({ user_id: userId })
    .orderBy('id')
    .select('action', 'actor_user_id', 'document_id', 'reason') as Promise<Json[]>

const decide = (token: string, id: number, action: 'approve' | 'reject', body: Json = {}) =>
  t.api.post<Json>(`/api/staff/identity/reviews/${id}/${action}/`, body, { token })

describe('the review queue and a request', () => {
  it('lists complete requests oldest first and shows one with the national code in full', async () => {
    const staff = await t.customer('support')
    const first = await pendingRequest()
    const second = await pendingRequest()
    // Still collecting: not staff's business yet.
    const collecting = await t.customer()
    await reachLevel1(t, collecting.token)
    expect((await uploadIdentityDocument(t, collecting.token, 'selfie')).status).toBe(201)

    const page = await t.api.get<{ count: number; results: Json[] }>(
      '/api/staff/identity/reviews/?status=pending',
      { token: staff.token },
    )
    expect(page.status, page.text).toBe(200)
    expect(page.body.count).toBe(2)
    expect(page.body.results.map((row) => row.id)).toEqual([first.reviewId, second.reviewId])
    expect(page.body.results[0]).toMatchObject({
      status: 'pending',
      customer: { id: first.customer.id, phone: first.customer.user.phone },
      decided_at: null,
      decided_by: null,
      reason: null,
    })

    const detail = await t.api.get<Json>(`/api/staff/identity/reviews/${first.reviewId}/`, {
      token: staff.token,
    })
    expect(detail.status, detail.text).toBe(200)
    expect(detail.body).toMatchObject({
      level: 1,
      identity: { first_name: 'علی', national_code: first.nationalCode, birth_date: '1370/06/15' },
      documents: [
        { kind: 'national_card', content_type: 'image/png' },
        { kind: 'selfie', content_type: 'image/png' },
      ],
    })
    expect(
      (await t.api.get('/api/staff/identity/reviews/?status=bogus', { token: staff.token })).body,
    ).toEqual({ status: [REVIEW_MESSAGES.status] })
    expect(
      (await t.api.get('/api/staff/identity/reviews/999999/', { token: staff.token })).status,
    ).toBe(404)
  })

  it('opens a document decrypted, and records who opened which one and when', async () => {
    const staff = await t.customer('admin')
    const { customer, reviewId } = await pendingRequest()
    const other = await pendingRequest()
    const [card] = (await t.deps
      .db('identity_documents')
      .where({ review_id: reviewId })
      .orderBy('id')) as Array<{ id: number }>
    if (!card) throw new Error('no document')

    const response = await fetch(
      `${t.api.url}/api/staff/identity/reviews/${reviewId}/documents/${card.id}/`,
      { headers: { Authorization: `Bearer ${staff.token}` } },
    )
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toContain('no-store')
    expect(await auditOf(customer.id)).toEqual([
      { action: 'submitted', actor_user_id: customer.id, document_id: null, reason: null },
      { action: 'document_revealed', actor_user_id: staff.id, document_id: card.id, reason: null },
    ])

    // A document of another request, through this request's address: not found, not opened.
    const [foreign] = (await t.deps
      .db('identity_documents')
      .where({ review_id: other.reviewId })
      .select('id')) as Array<{ id: number }>
    const wrong = await t.api.get(
      `/api/staff/identity/reviews/${reviewId}/documents/${foreign?.id}/`,
      { token: staff.token },
    )
    expect(wrong.status).toBe(404)
    expect(await auditOf(other.customer.id)).toHaveLength(1)
  })
})

describe('the decision', () => {
  it('rejects with a required reason; the customer reads it and starts again', async () => {
    const staff = await t.customer('support')
    const { customer, reviewId } = await pendingRequest()
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await decide(staff.token, reviewId, 'reject', body)
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400])
      expect(response.body).toEqual({ reason: [REVIEW_MESSAGES.reasonRequired] })
    }
    const reason = 'تصویر کارت ملی خوانا نیست؛ لطفاً در نور کافی دوباره عکس بگیرید.'
    const rejected = await decide(staff.token, reviewId, 'reject', { reason })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      reason,
      decided_by: { id: staff.id },
      level: 1,
    })
    expect((await auditOf(customer.id)).at(-1)).toEqual({
      action: 'rejected',
      actor_user_id: staff.id,
      document_id: null,
      reason,
    })
    expect((await decide(staff.token, reviewId, 'approve')).body).toMatchObject({
      code: 'already_decided',
      detail: REVIEW_MESSAGES.decided,
    })
    expect((await decide(staff.token, reviewId, 'reject', { reason })).status).toBe(409)

    const seen = await t.api.get<{ level: number; level2: Json }>('/api/me/identity/', {
      token: customer.token,
    })
    expect(seen.body.level).toBe(1)
    expect(seen.body.level2).toMatchObject({ status: 'rejected', reason, can_upload: true })

    // Uploading again: the rejection stays on show until the new request is complete.
    expect((await uploadIdentityDocument(t, customer.token, 'national_card')).body).toMatchObject({
      level2: { status: 'rejected', reason, missing: ['selfie'] },
    })
    expect((await uploadIdentityDocument(t, customer.token, 'selfie')).body).toMatchObject({
      level2: { status: 'pending', reason: null },
    })
    const requests = await t.deps
      .db('identity_reviews')
      .where({ user_id: customer.id })
      .orderBy('id')
      .select('status')
    expect(requests).toEqual([{ status: 'rejected' }, { status: 'pending' }])
  })

  it('approves: level 2 and its limits apply at once, and no more documents are taken', async () => {
    const staff = await t.customer('support')
    const { customer, reviewId } = await pendingRequest()
    // 4 500 USD with the fee is about 533 million toman: above level 1's order limit (500).
    const big = validOrder({ amount: '4500' })
    const refused = await t.api.post<Json>('/api/payments/create/', big, { token: customer.token })
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toMatchObject({ code: 'identity_limit', level: 1, next_level: 2 })

    // One staff member only proposes it: the level stays until a colleague approves.
    await openEveryDocument(t, staff.token, reviewId)
    const proposed = await decide(staff.token, reviewId, 'approve')
    expect(proposed.status, proposed.text).toBe(202)
    expect(proposed.body).toMatchObject({ proposal: { kind: 'identity_level2' } })
    expect((await t.api.post('/api/payments/create/', big, { token: customer.token })).status).toBe(
      403,
    )
    await approveAsColleague(t, proposed, 'support', ({ token }) =>
      openEveryDocument(t, token, reviewId),
    )
    const review = await t.api.get<Json>(`/api/staff/identity/reviews/${reviewId}/`, {
      token: staff.token,
    })
    expect(review.body).toMatchObject({ status: 'approved', level: 2, reason: null })
    const seen = await t.api.get<Json>('/api/me/identity/', { token: customer.token })
    expect(seen.body).toMatchObject({
      level: 2,
      limits: { per_order_irr: 20_000_000_000 },
      next_level: null,
      level2: { status: 'approved', can_upload: false, missing: [] },
    })
    const accepted = await t.api.post<Json>('/api/payments/create/', big, { token: customer.token })
    expect(accepted.status, accepted.text).toBe(201)
    expect((await uploadIdentityDocument(t, customer.token, 'selfie')).body).toMatchObject({
      code: 'already_verified',
    })
    expect((await auditOf(customer.id)).map((row) => row.action)).toEqual([
      'submitted',
      ...Array<string>(4).fill('document_revealed'),
      'approved',
    ])
  })

  it('takes an approval only from staff who opened every photo: the proposer and the approver', async () => {
    const [staff, colleague] = [await t.customer('support'), await t.customer('support')]
    const { customer, reviewId } = await pendingRequest()
    const documents = (await t.deps
      .db('identity_documents')
      .where({ review_id: reviewId })
      .orderBy('id')
      .select('id')) as Array<{ id: number }>
    const [first, second] = documents.map((row) => row.id)
    const unopened = (ids: Array<number | undefined>) => ({
      code: 'documents_unopened',
      detail: REVIEW_MESSAGES.documentsUnopened,
      document_ids: ids,
    })
    const openedByYou = async (token: string) =>
      (
        await t.api.get<{ documents: Array<{ opened_by_you: boolean }> }>(
          `/api/staff/identity/reviews/${reviewId}/`,
          { token },
        )
      ).body.documents.map((row) => row.opened_by_you)

    let answer = await decide(staff.token, reviewId, 'approve')
    expect(answer.status, answer.text).toBe(409)
    expect(answer.body).toMatchObject(unopened([first, second]))
    const opened = await t.api.get(`/api/staff/identity/reviews/${reviewId}/documents/${first}/`, {
      token: staff.token,
    })
    expect(opened.status).toBe(200)
    expect(await openedByYou(staff.token)).toEqual([true, false])
    // A colleague's opening is not yours.
    expect(await openedByYou(colleague.token)).toEqual([false, false])
    answer = await decide(staff.token, reviewId, 'approve')
    expect(answer.body).toMatchObject(unopened([second]))
    await openEveryDocument(t, staff.token, reviewId)
    const proposed = await decide(staff.token, reviewId, 'approve')
    expect(proposed.status, proposed.text).toBe(202)
    const proposalId = (proposed.body as { proposal: { id: number } }).proposal.id

    // The approver too: refused until they have opened both; the proposal waits meanwhile.
    const approve = () =>
      t.api.post<Json>(
        `/api/staff/proposals/${proposalId}/approve/`,
        { reason: 'هر دو تصویر خوانا است' },
        { token: colleague.token },
      )
    answer = await approve()
    expect(answer.status, answer.text).toBe(409)
    expect(answer.body).toMatchObject(unopened([first, second]))
    const proposal = await t.deps.db('staff_proposals').where({ id: proposalId }).first('status')
    expect(proposal).toEqual({ status: 'pending' })
    await openEveryDocument(t, colleague.token, reviewId)
    expect((await approve()).status).toBe(200)
    const level = await t.deps
      .db('customer_identities')
      .where({ user_id: customer.id })
      .first('level')
    expect(level).toEqual({ level: 2 })
  })

  it('needs only the photos that count: one the customer replaced while uploading is not asked for', async () => {
    const staff = await t.customer('support')
    const customer = await t.customer()
    await reachLevel1(t, customer.token)
    expect((await uploadIdentityDocument(t, customer.token, 'national_card')).status).toBe(201)
    const reviewId = await submitLevel2(t, customer)
    const review = await t.api.get<{ documents: Json[] }>(
      `/api/staff/identity/reviews/${reviewId}/`,
      { token: staff.token },
    )
    expect(review.body.documents.map((doc) => [doc.kind, doc.replaced])).toEqual([
      ['national_card', true],
      ['national_card', false],
      ['selfie', false],
    ])
    const [, card, selfie] = review.body.documents.map((doc) => Number(doc.id))
    for (const id of [card, selfie]) {
      const opened = await t.api.get(`/api/staff/identity/reviews/${reviewId}/documents/${id}/`, {
        token: staff.token,
      })
      expect(opened.status).toBe(200)
    }
    const proposed = await decide(staff.token, reviewId, 'approve')
    expect(proposed.status, proposed.text).toBe(202)
  })

  it('lets one of two staff deciding at once win (an approval of the proposal, a rejection); the other gets 409', async () => {
    const [one, two, three] = [
      await t.customer('support'),
      await t.customer('admin'),
      await t.customer('support'),
    ]
    for (let round = 0; round < 3; round += 1) {
      const { customer, reviewId } = await pendingRequest()
      await openEveryDocument(t, one.token, reviewId)
      await openEveryDocument(t, two.token, reviewId)
      const proposed = await decide(one.token, reviewId, 'approve')
      expect(proposed.status, proposed.text).toBe(202)
      const proposal = (proposed.body as { proposal: { id: number } }).proposal
      const answers = await Promise.all([
        t.api.post<Json>(
          `/api/staff/proposals/${proposal.id}/approve/`,
          { reason: 'تصاویر روشن است' },
          { token: two.token },
        ),
        decide(three.token, reviewId, 'reject', { reason: 'عکس با کارت ملی همخوانی ندارد' }),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const approvedFirst = answers[0]?.status === 200
      const decisions = (await auditOf(customer.id)).filter((row) =>
        ['approved', 'rejected'].includes(String(row.action)),
      )
      expect(decisions).toHaveLength(1)
      const [row] = (await t.deps
        .db('customer_identities')
        .where({ user_id: customer.id })) as Json[]
      expect(row?.level).toBe(approvedFirst ? 2 : 1)
      // A proposal whose approval lost stays pending, to be declined.
      const status = (
        (await t.deps.db('staff_proposals').where({ id: proposal.id }).first('status')) as {
          status: string
        }
      ).status
      expect(status).toBe(approvedFirst ? 'approved' : 'pending')
    }
  })
})

describe('what staff read', () => {
  it("shows a customer's identity history: level, data, inquiries, requests, openings", async () => {
    const staff = await t.customer('support')
    const { customer, nationalCode, reviewId } = await pendingRequest()
    const [card] = (await t.deps.db('identity_documents').where({ review_id: reviewId })) as Json[]
    await t.api.get(`/api/staff/identity/reviews/${reviewId}/documents/${card?.id}/`, {
      token: staff.token,
    })
    await decide(staff.token, reviewId, 'reject', { reason: 'تصویر تار است' })

    const history = await t.api.get<Json>(`/api/staff/users/${customer.id}/identity/`, {
      token: staff.token,
    })
    expect(history.status, history.text).toBe(200)
    expect(history.body).toMatchObject({
      user: { id: customer.id },
      level: 1,
      identity: { national_code: nationalCode },
      inquiries: [{ kind: 'mobile_national_code', result: 'matched', user_id: customer.id }],
      reviews: [{ id: reviewId, status: 'rejected', reason: 'تصویر تار است' }],
      reveals: [{ review_id: reviewId, kind: 'national_card', staff: { id: staff.id } }],
    })
    expect(
      (await t.api.get('/api/staff/users/999999/identity/', { token: staff.token })).status,
    ).toBe(404)
    // A customer without identity has an empty history, not an error.
    const fresh = await t.customer()
    expect(
      (await t.api.get(`/api/staff/users/${fresh.id}/identity/`, { token: staff.token })).body,
    ).toMatchObject({ level: 0, identity: null, inquiries: [], reviews: [], reveals: [] })
  })

  it('lists the inquiry log by kind and result, with no personal data in it', async () => {
    const staff = await t.customer('support')
    const customer = await t.customer()
    const nationalCode = await reachLevel1(t, customer.token)
    const log = await t.api.get<{ count: number; results: Json[] }>(
      '/api/staff/identity/inquiries/?kind=mobile_national_code&result=matched',
      { token: staff.token },
    )
    expect(log.status, log.text).toBe(200)
    expect(log.body.count).toBeGreaterThanOrEqual(1)
    expect(log.body.results.every((row) => row.result === 'matched')).toBe(true)
    expect(log.body.results[0]).toMatchObject({ user_id: customer.id, provider: 'sandbox' })
    expect(log.text).not.toContain(nationalCode)
    expect(log.text).not.toContain(customer.user.phone)
    const none = await t.api.get<{ count: number }>(
      '/api/staff/identity/inquiries/?result=timeout',
      {
        token: staff.token,
      },
    )
    expect(none.body.count).toBe(0)
    expect(
      (await t.api.get('/api/staff/identity/inquiries/?kind=passport', { token: staff.token }))
        .body,
    ).toEqual({ kind: [REVIEW_MESSAGES.kind] })
  })
})

describe('who may do what (IDOR matrix)', () => {
  it('answers 401 to anonymous callers and 403 to customers on every staff route', async () => {
    const { customer, reviewId } = await pendingRequest()
    const [doc] = (await t.deps.db('identity_documents').where({ review_id: reviewId })) as Json[]
    const routes: Array<[string, string, Json?]> = [
      ['GET', '/api/staff/identity/reviews/?status=pending'],
      ['GET', `/api/staff/identity/reviews/${reviewId}/`],
      ['GET', `/api/staff/identity/reviews/${reviewId}/documents/${doc?.id}/`],
      ['POST', `/api/staff/identity/reviews/${reviewId}/approve/`, {}],
      ['POST', `/api/staff/identity/reviews/${reviewId}/reject/`, { reason: 'x' }],
      ['GET', `/api/staff/users/${customer.id}/identity/`],
      ['GET', '/api/staff/identity/inquiries/'],
    ]
    const other = await t.customer()
    for (const [method, url, body] of routes) {
      const anonymous = await t.api.request(method, url, { body })
      expect([url, anonymous.status]).toEqual([url, 401])
      for (const caller of [customer, other]) {
        const answer = await t.api.request(method, url, { body, token: caller.token })
        expect([url, answer.status]).toEqual([url, 403])
      }
    }
    // Nothing was opened or decided, and another customer sees none of these documents.
    expect((await auditOf(customer.id)).map((row) => row.action)).toEqual(['submitted'])
    expect(
      (await t.api.get<{ level2: Json }>('/api/me/identity/', { token: other.token })).body.level2,
    ).toMatchObject({ status: 'none', documents: [] })
  })
})
