import { describe, expect, it } from 'vitest'

import type * as BlockedAuthors from '../src/comments/blocked-authors'
import type * as ModerationAudit from '../src/comments/moderation-audit'
import { commentsCmsForFile, MODERATION_SECRET } from './comments-harness'
import { requireCompiled } from './harness'

const { AUTHOR_BLOCKED, blockedAuthorsUrl, withdrawBlockedAuthors } = requireCompiled<
  typeof BlockedAuthors
>('comments/blocked-authors.js')
const { COMMENT_UID } = requireCompiled<typeof ModerationAudit>('comments/moderation-audit.js')

/**
 * A customer staff blocked in payments-service leaves the moderators' queue: their waiting
 * comments are hidden with the reason, what moderators already approved stays, and nothing
 * changes while payments-service cannot say who is blocked.
 */

const cms = commentsCmsForFile({ title: 'نوشته‌ای با نظر مسدودشده', slug: 'blocked-author-post' })

async function comment(authorId: string, moderationStatus: 'pending' | 'approved') {
  const created = await cms.strapi.documents(COMMENT_UID).create({
    data: {
      post: cms.postId,
      content: `نظر ${authorId} (${moderationStatus})`,
      authorId,
      authorUsername: `user${authorId}`,
      moderationStatus,
    },
  })
  return created.documentId as string
}

const stateOf = async (documentId: string) =>
  (await cms.strapi.db.query(COMMENT_UID).findOne({
    where: { documentId },
    select: ['moderationStatus', 'spamReason'],
  })) as { moderationStatus: string; spamReason: string | null }

const question = () => ({
  url: blockedAuthorsUrl({ PAYMENTS_JWKS_URL: cms.jwks.url })!,
  secret: MODERATION_SECRET,
})

describe('comments of blocked customers', () => {
  it('leave the queue once staff block their author; approved ones and others stay', async () => {
    const waiting = [await comment('501', 'pending'), await comment('501', 'pending')]
    const approved = await comment('501', 'approved')
    const other = await comment('502', 'pending')
    expect(await withdrawBlockedAuthors(cms.strapi, question())).toBe(0)

    cms.jwks.endSessionsOf('501')
    expect(await withdrawBlockedAuthors(cms.strapi, question())).toBe(2)
    for (const id of waiting) {
      expect(await stateOf(id)).toEqual({ moderationStatus: 'spam', spamReason: AUTHOR_BLOCKED })
    }
    expect((await stateOf(approved)).moderationStatus).toBe('approved')
    expect((await stateOf(other)).moderationStatus).toBe('pending')
    // Asked about each waiting author once per pass, never about one with nothing waiting.
    expect(cms.jwks.blockedAuthorQuestions.at(-1)?.sort()).toEqual(['501', '502'])
    expect(await withdrawBlockedAuthors(cms.strapi, question())).toBe(0)
    expect(cms.jwks.blockedAuthorQuestions.at(-1)).toEqual(['502'])
    // No moderator decided this: nothing is reported as one.
    expect(cms.jwks.moderation.filter((m) => waiting.includes(m.notice.comment as string))).toEqual(
      [],
    )
  })

  it('changes nothing while payments-service cannot answer, or answers without the secret', async () => {
    const waiting = await comment('601', 'pending')
    cms.jwks.endSessionsOf('601')
    cms.jwks.moderationUp = false
    try {
      await expect(withdrawBlockedAuthors(cms.strapi, question())).rejects.toThrow(/503/)
    } finally {
      cms.jwks.moderationUp = true
    }
    await expect(
      withdrawBlockedAuthors(cms.strapi, { ...question(), secret: 'not-the-shared-secret' }),
    ).rejects.toThrow(/401/)
    expect((await stateOf(waiting)).moderationStatus).toBe('pending')
    expect(await withdrawBlockedAuthors(cms.strapi, question())).toBe(1)
  })
})
