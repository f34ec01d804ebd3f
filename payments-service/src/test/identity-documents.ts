import { expect } from 'vitest'
import type { TestApp } from './app.ts'
import { approveAsColleague } from './proposals.ts'
import { postMultipart, SAMPLE_FILES } from './tickets.ts'

/** Test support for identity level 2 (ADR 025): documents and a request for review. */

export const uploadIdentityDocument = (
  t: TestApp,
  token: string | undefined,
  kind: string,
  file: { name: string; data: Buffer; type?: string } = {
    name: 'card.png',
    data: SAMPLE_FILES.png,
    type: 'image/png',
  },
) => postMultipart(t, '/api/me/identity/documents/', { kind }, file, token)

/** Both photos of a level-1 customer, so that their request waits for staff; answers its id. */
export async function submitLevel2(t: TestApp, customer: { id: number; token: string }) {
  for (const kind of ['national_card', 'selfie']) {
    const response = await uploadIdentityDocument(t, customer.token, kind)
    expect(response.status, response.text).toBe(201)
  }
  const review = (await t.deps
    .db('identity_reviews')
    .where({ user_id: customer.id, status: 'pending' })
    .first('id')) as { id: number } | undefined
  if (!review) throw new Error('the request did not go to review')
  return review.id
}

/** `token`'s staff member opens every document of the request, as an approval needs. */
export async function openEveryDocument(t: TestApp, token: string, reviewId: number) {
  const review = await t.api.get<{ documents: Array<{ id: number }> }>(
    `/api/staff/identity/reviews/${reviewId}/`,
    { token },
  )
  expect(review.status, review.text).toBe(200)
  for (const { id } of review.body.documents) {
    const opened = await t.api.get(`/api/staff/identity/reviews/${reviewId}/documents/${id}/`, {
      token,
    })
    expect(opened.status, opened.text).toBe(200)
  }
}

/**
 * A level-2 approval the four-eyes way: `staffToken`'s staff member opens the photos and
 * proposes it (202), and a second staff member (new) opens them too and approves the proposal.
 * The approval's answer.
 */
export async function approveLevel2(
  t: TestApp & { customer(role: 'support'): Promise<{ token: string }> },
  staffToken: string,
  reviewId: number,
) {
  await openEveryDocument(t, staffToken, reviewId)
  const proposed = await t.api.post(
    `/api/staff/identity/reviews/${reviewId}/approve/`,
    {},
    { token: staffToken },
  )
  return approveAsColleague(t, proposed, 'support', ({ token }) =>
    openEveryDocument(t, token, reviewId),
  )
}
