import { describe, expect, it } from 'vitest'
import { withOwnComment, type BlogComment, type CommentActionData } from './comments.ts'

const comment = (id: string, html = `متن ${id}`): BlogComment => ({
  id,
  authorName: '0912***4567',
  date: '2026-11-29T10:00:00.000Z',
  dateLabel: '۱۴۰۵/۰۹/۰۸ ۱۳:۳۰',
  html,
})

const created = (own: BlogComment): CommentActionData => ({
  status: 'created',
  moderation: 'approved',
  message: 'دیدگاه شما ثبت شد.',
  comment: own,
  content: '',
})

describe('withOwnComment', () => {
  const older = [comment('b'), comment('a')]

  it('puts the comment just posted first while the list has not caught up', () => {
    expect(withOwnComment(older, created(comment('c')))).toEqual([comment('c'), ...older])
  })

  it('shows it once when the list already has it', () => {
    const caughtUp = [comment('c'), ...older]
    expect(withOwnComment(caughtUp, created(comment('c')))).toBe(caughtUp)
  })

  it('adds nothing without a post, after a failure, or for a comment held for a moderator', () => {
    expect(withOwnComment(older, undefined)).toBe(older)
    expect(
      withOwnComment(older, {
        status: 'failed',
        message: 'ارسال نظر ناموفق بود. لطفاً دوباره تلاش کنید.',
        content: 'سلام',
      }),
    ).toBe(older)
    expect(
      withOwnComment(older, {
        status: 'created',
        moderation: 'pending',
        message: 'دیدگاه شما ثبت شد و پس از بررسی مدیر سایت نمایش داده می‌شود.',
        held: 'سلام',
        content: '',
      }),
    ).toBe(older)
  })
})
