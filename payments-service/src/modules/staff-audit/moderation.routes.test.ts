import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { useStaffApp } from '../../test/staff.ts'
import { verifyChain } from './chain.ts'

/**
 * The cms's moderators are not our staff accounts, yet their decisions belong in the same audit
 * chain. Attacked as a stranger on the internal network (no secret, a wrong one, a forged
 * body) and read back as the auditor would.
 */

const SECRET = 'moderation-secret-0123456789'
const bearer = (secret = SECRET) => ({ Authorization: `Bearer ${secret}` })

const NOTICE = {
  comment: 'k3j4h5g6f7d8s9a0',
  post: 'p0o9i8u7y6t5r4e3',
  decision: 'spam',
  previous: 'pending',
  reason: 'درخواست رمز دوم کارت در تلگرام',
  moderator: { id: 3, email: 'moderator@arzpol.local' },
}

describe('the moderation record', () => {
  const t = useStaffApp({ CMS_WEBHOOK_SECRET: SECRET })

  it('refuses a caller without the secret and a body that is not a decision, and records nothing', async () => {
    for (const headers of [{}, bearer('wrong-secret-0123456789'), { Authorization: SECRET }]) {
      const answer = await t.api.post<{ detail: string }>('/internal/moderation', NOTICE, {
        headers,
      })
      expect(answer.status).toBe(401)
      expect(answer.body.detail).toMatch(/[\u0600-\u06FF]/)
    }
    for (const body of [
      { ...NOTICE, decision: 'publish' },
      { ...NOTICE, moderator: { id: 3 } },
      { ...NOTICE, actor_user_id: 1 },
      { ...NOTICE, comment: '' },
      { ...NOTICE, reason: 'x'.repeat(2001) },
    ]) {
      const answer = await t.api.post('/internal/moderation', body, { headers: bearer() })
      expect([JSON.stringify(body).slice(0, 60), answer.status]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
      ])
    }
    expect(await t.deps.db('staff_audit_log').where({ action: 'comment_moderated' })).toEqual([])
  })

  it('appends each decision to the staff chain, naming the moderator, and the chain holds', async () => {
    const before = (await verifyChain(t.deps.db)).links
    for (const decision of ['spam', 'approved', 'deleted']) {
      const answer = await t.api.post(
        '/internal/moderation',
        { ...NOTICE, decision },
        { headers: bearer() },
      )
      expect(answer.status, answer.text).toBe(204)
    }
    const rows = await t.deps
      .db('staff_audit_log')
      .where({ action: 'comment_moderated' })
      .orderBy('id')
      .select('actor', 'actor_user_id', 'subject_type', 'subject_id', 'data')
    expect(rows.map((row) => (row.data as { decision: string }).decision)).toEqual([
      'spam',
      'approved',
      'deleted',
    ])
    expect(rows[0]).toEqual({
      actor: 'cms',
      actor_user_id: null,
      subject_type: 'comment',
      subject_id: NOTICE.comment,
      data: {
        post: NOTICE.post,
        decision: 'spam',
        previous: 'pending',
        reason: NOTICE.reason,
        moderator: NOTICE.moderator,
      },
    })
    expect(await verifyChain(t.deps.db)).toMatchObject({ links: before + 3, broken: null })
    // Admins read it in the back office's log, filtered by kind.
    const admin = await t.customer('admin')
    const page = await t.api.get<{ results: Array<{ actor: string }> }>(
      '/api/staff/audit/?action=comment_moderated',
      { token: admin.token },
    )
    expect(page.status, page.text).toBe(200)
    expect(page.body.results.map((row) => row.actor)).toEqual(['cms', 'cms', 'cms'])
  })
})

describe('without the shared secret', () => {
  const t = useTestApp()

  it('does not exist', async () => {
    const answer = await t.api.post('/internal/moderation', NOTICE, { headers: bearer() })
    expect(answer.status).toBe(404)
  })
})
