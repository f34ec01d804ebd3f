import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action, loader } from './route.tsx'

/**
 * Four eyes in the back office, against a small stand-in for payments-service's
 * `GET /api/staff/proposals/` and `POST …/:id/approve/` / `…/decline/`.
 */

const asked: string[] = []
const decided: Array<{ url: string; body: unknown }> = []

const proposal = (id: number, proposer: number) => ({
  id,
  kind: 'payout_settlement',
  status: 'pending',
  subject: { type: 'order', id: '42' },
  order_id: 42,
  customer_id: 9,
  amount_irr: 650_000_000,
  reference: 'PAYA-1404-0912',
  proposed_by: { id: proposer, username: `staff-${proposer}` },
  proposed_at: '2026-11-29T08:00:00.000Z',
  note: 'از حساب ملت',
  expires_at: '2026-11-30T08:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
})

await standInForFile(
  startStaffStandIn('support1', (req, body, send) => {
    const url = req.url ?? ''
    if (url.startsWith('/api/staff/proposals/') && req.method === 'GET') {
      asked.push(url)
      return send(200, { items: [proposal(7, 2), proposal(8, 1)], waiting_for_you: 1 })
    }
    const decision = /^\/api\/staff\/proposals\/(\d+)\/(approve|decline)\/$/.exec(url)
    if (decision && req.method === 'POST') {
      decided.push({ url, body })
      if (decision[1] === '8') {
        return send(403, {
          detail: 'پیشنهاد خودتان را نمی‌توانید تأیید یا رد کنید؛ همکار دیگری باید بررسی کند.',
          code: 'own_proposal',
        })
      }
      return send(200, {
        ...proposal(7, 2),
        status: decision[2] === 'approve' ? 'approved' : 'declined',
      })
    }
  }),
  'PAYMENTS_URL',
  () => {
    asked.length = 0
    decided.length = 0
  },
)

const support = () => signedInJar({ sub: '1', role: 'support' })
const post = (fields: Record<string, string>) =>
  submit(action, '/staff/approvals', fields, support())

describe('/staff/approvals', () => {
  it('lists the pending proposals by default, and all of them on asking', async () => {
    const result = expectData<{ status: string | null; me: number; items: unknown[] }>(
      await load(loader, '/staff/approvals', support()),
    )
    expect(result.data).toMatchObject({ status: 'pending', me: 1, waiting_for_you: 1 })
    expect(result.data.items).toHaveLength(2)
    await load(loader, '/staff/approvals?status=all', support())
    await load(loader, '/staff/approvals?status=../../x', support())
    expect(asked).toEqual([
      '/api/staff/proposals/?status=pending',
      '/api/staff/proposals/',
      '/api/staff/proposals/?status=pending',
    ])
  })

  it('approves with the reason, then redirects with a Persian confirmation', async () => {
    const response = await post({ intent: 'approve', id: '7', reason: 'واریز در صورت‌حساب هست' })
    expect((response as Response).headers.get('Location')).toBe('/staff/approvals')
    expect(flashMessage(response)).toContain('تأیید و انجام شد')
    expect(decided).toEqual([
      { url: '/api/staff/proposals/7/approve/', body: { reason: 'واریز در صورت‌حساب هست' } },
    ])
  })

  it('sends nothing without a reason, or for a decision that is not one', async () => {
    const blank = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ intent: 'decline', id: '7', reason: '   ' }),
    )
    expect(blank.init?.status).toBe(400)
    expect(blank.data.errors.fields.reason).toEqual(['دلیل تصمیم را بنویسید.'])
    const odd = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ intent: 'delete', id: '7', reason: 'x' }),
    )
    expect(odd.init?.status).toBe(400)
    // A tampered proposal number is refused in Persian, not in the validator's English.
    for (const id of ['x', '', '-3', '1.5']) {
      const tampered = expectData<{ errors: { fields: Record<string, string[]> } }>(
        await post({ intent: 'approve', id, reason: 'x' }),
      )
      expect([id, tampered.data.errors.fields.id?.every((m) => /[\u0600-\u06FF]/.test(m))]).toEqual(
        [id, true],
      )
    }
    expect(decided).toEqual([])
  })

  it("shows payments-service's Persian refusal of one's own proposal", async () => {
    const result = expectData<{ id: number; errors: { form: string[] } }>(
      await post({ intent: 'approve', id: '8', reason: 'خودم دیدم' }),
    )
    expect(result.data.id).toBe(8)
    expect(result.data.errors.form[0]).toContain('همکار دیگری باید بررسی کند')
  })
})
