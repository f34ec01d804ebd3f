import { describe, expect, it } from 'vitest'

import type * as ModerationAudit from '../src/comments/moderation-audit'
import { commentsCmsForFile, MODERATION_SECRET } from './comments-harness'
import { requireCompiled } from './harness'

const { AUDIT_FAILED_MESSAGE, COMMENT_UID, decisionOf } = requireCompiled<typeof ModerationAudit>(
  'comments/moderation-audit.js',
)

/**
 * A moderator's decisions, taken through the admin panel's own API as a moderator's browser
 * does, reach payments-service's audit record before they take effect; when the record cannot
 * be written, nothing changes and the moderator reads why.
 */

const cms = commentsCmsForFile({ title: 'نوشته‌ای برای ناظر', slug: 'moderated-post' })

const MODERATOR = { email: 'moderator@arzpol.test', password: 'Moderator-Pass-1404' }

/** A moderator account of the cms (the role the cms creates), signed in to the admin API. */
async function signInAsModerator(): Promise<{ token: string; id: number }> {
  const existing = (await cms.strapi.db
    .query('admin::user')
    .findOne({ where: { email: MODERATOR.email } })) as { id: number } | null
  if (!existing) {
    const role = (await cms.strapi.db
      .query('admin::role')
      .findOne({ where: { code: 'arzpol-moderator' } })) as { id: number }
    await cms.strapi.service('admin::user').create({
      ...MODERATOR,
      firstname: 'ناظر',
      isActive: true,
      roles: [role.id],
    })
  }
  const response = await fetch(`${cms.base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MODERATOR),
  })
  const body = (await response.json()) as { data: { token: string; user: { id: number } } }
  expect(response.status).toBe(200)
  return { token: body.data.token, id: body.data.user.id }
}

/** A customer's comment waiting for a moderator, made by the cms itself (no admin in sight). */
async function heldComment(content = 'برای خرید ارزان به تلگرام @cheap_usd پیام بدهید') {
  const comment = await cms.strapi.documents(COMMENT_UID).create({
    data: {
      post: cms.postId,
      content,
      authorId: '77',
      authorUsername: 'mina',
      moderationStatus: 'pending',
      heldReason: 'دعوت به پیام‌رسان: @cheap_usd',
    },
  })
  return comment.documentId as string
}

const commentPath = (documentId: string) =>
  `${cms.base}/content-manager/collection-types/${COMMENT_UID}/${documentId}`

const adminCall = (token: string, method: string, url: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const statusOf = async (documentId: string) =>
  (
    (await cms.strapi
      .documents(COMMENT_UID)
      .findOne({ documentId, fields: ['moderationStatus'] })) as {
      moderationStatus: string
    } | null
  )?.moderationStatus

describe('decisionOf', () => {
  const before = { moderationStatus: 'pending' as const, content: 'متن', moderatorNote: null }

  it('names a status set, an edit of the text and a delete, and nothing else', () => {
    expect(decisionOf('update', before, { moderationStatus: 'spam' })).toBe('spam')
    expect(decisionOf('update', before, { moderationStatus: 'pending' })).toBeNull()
    expect(decisionOf('update', before, { moderationStatus: 'published' })).toBeNull()
    expect(decisionOf('update', before, { content: 'متن دیگر' })).toBe('edited')
    expect(decisionOf('update', before, { moderatorNote: 'فقط یادداشت' })).toBeNull()
    expect(decisionOf('delete', before, {})).toBe('deleted')
  })
})

describe('a moderator in the admin panel', () => {
  it('hides a comment as spam with a reason: recorded first, with who and why', async () => {
    const moderator = await signInAsModerator()
    const documentId = await heldComment()
    const seen = cms.jwks.moderation.length
    const reason = 'دعوت به خرید ارز بیرون از سایت'
    const response = await adminCall(moderator.token, 'PUT', commentPath(documentId), {
      moderationStatus: 'spam',
      moderatorNote: reason,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await statusOf(documentId)).toBe('spam')
    expect(cms.jwks.moderation.slice(seen)).toEqual([
      {
        authorization: `Bearer ${MODERATION_SECRET}`,
        notice: {
          comment: documentId,
          post: expect.any(String),
          decision: 'spam',
          previous: 'pending',
          reason,
          moderator: { id: moderator.id, email: MODERATOR.email },
        },
      },
    ])

    // Approving it later without a new note: the old note is not this decision's reason.
    await adminCall(moderator.token, 'PUT', commentPath(documentId), {
      moderationStatus: 'approved',
      moderatorNote: reason,
    })
    expect(cms.jwks.moderation.at(-1)?.notice).toMatchObject({
      decision: 'approved',
      previous: 'spam',
      reason: null,
    })
  })

  it('changes nothing while the record cannot be written, and says so in Persian', async () => {
    const moderator = await signInAsModerator()
    const documentId = await heldComment()
    const seen = cms.jwks.moderation.length
    cms.jwks.moderationUp = false
    try {
      const refused = await adminCall(moderator.token, 'PUT', commentPath(documentId), {
        moderationStatus: 'approved',
      })
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        AUDIT_FAILED_MESSAGE,
      )
      expect(await statusOf(documentId)).toBe('pending')
      const notDeleted = await adminCall(moderator.token, 'DELETE', commentPath(documentId))
      expect(notDeleted.status).toBe(400)
      expect(await statusOf(documentId)).toBe('pending')
    } finally {
      cms.jwks.moderationUp = true
    }
    expect(cms.jwks.moderation.length).toBe(seen)

    const deleted = await adminCall(moderator.token, 'DELETE', commentPath(documentId))
    expect(deleted.status).toBe(200)
    expect(await statusOf(documentId)).toBeUndefined()
    expect(cms.jwks.moderation.at(-1)?.notice).toMatchObject({
      comment: documentId,
      decision: 'deleted',
      previous: 'pending',
    })
  })

  it('records nothing for what the cms does by itself', async () => {
    const seen = cms.jwks.moderation.length
    const documentId = await heldComment()
    // Content types have no generated types here: the data is typed loosely, as the seed's.
    const data = { moderationStatus: 'spam' } as Record<string, unknown>
    await cms.strapi.documents(COMMENT_UID).update({ documentId, data })
    expect(cms.jwks.moderation.length).toBe(seen)
  })
})
