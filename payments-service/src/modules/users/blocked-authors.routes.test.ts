import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { useStaffApp } from '../../test/staff.ts'

/**
 * The cms learns which of its waiting comments' authors staff have blocked: asked by the cms
 * alone, and answering nothing more than which of the named accounts are blocked.
 */

const SECRET = 'moderation-secret-0123456789'
const bearer = (secret = SECRET) => ({ Authorization: `Bearer ${secret}` })
const PATH = '/internal/blocked-authors'

describe('blocked authors', () => {
  const t = useStaffApp({ CMS_WEBHOOK_SECRET: SECRET })

  it('names the blocked and closed accounts among those asked, after staff act', async () => {
    const staff = await t.customer('support')
    const admin = await t.customer('admin')
    const [kept, blocked, closed] = [await t.customer(), await t.customer(), await t.customer()]
    const authors = [kept.id, blocked.id, closed.id, 987_654_321].map(String)
    const ask = () => t.api.post<{ blocked: string[] }>(PATH, { authors }, { headers: bearer() })

    expect((await ask()).body).toEqual({ blocked: [] })
    const block = await t.api.post(
      `/api/staff/users/${blocked.id}/block/`,
      { note: 'تراکنش مشکوک' },
      { token: staff.token },
    )
    expect(block.status, block.text).toBe(200)
    const close = await t.api.post(
      `/api/staff/users/${closed.id}/close/`,
      { reason: 'درخواست مشتری' },
      { token: admin.token },
    )
    expect(close.status, close.text).toBe(200)

    const answer = await ask()
    expect(answer.status).toBe(200)
    expect(answer.body.blocked.sort()).toEqual([String(blocked.id), String(closed.id)].sort())
  })

  it('refuses a caller without the secret, and a list that is not of account ids', async () => {
    for (const headers of [{}, bearer('wrong-secret-0123456789')]) {
      const answer = await t.api.post(PATH, { authors: ['1'] }, { headers })
      expect(answer.status).toBe(401)
    }
    for (const body of [
      {},
      { authors: [] },
      { authors: [1] },
      { authors: ['0'] },
      { authors: ['1 OR 1=1'] },
      { authors: ['1'.repeat(19)] },
      { authors: Array.from({ length: 501 }, (_, i) => String(i + 1)) },
      { authors: ['1'], also: true },
    ]) {
      const answer = await t.api.post(PATH, body, { headers: bearer() })
      expect([JSON.stringify(body).slice(0, 40), answer.status]).toEqual([
        JSON.stringify(body).slice(0, 40),
        400,
      ])
    }
  })
})

describe('blocked authors without the shared secret', () => {
  const t = useTestApp()

  it('does not exist', async () => {
    const answer = await t.api.post(PATH, { authors: ['1'] }, { headers: bearer() })
    expect(answer.status).toBe(404)
  })
})
