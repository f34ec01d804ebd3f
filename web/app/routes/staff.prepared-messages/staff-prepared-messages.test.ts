import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action, loader } from './route.tsx'

/**
 * The prepared messages page against a stand-in for payments-service's
 * `/api/staff/prepared-messages/` calls: what is sent for each form, and what is refused first.
 */

const sent: Array<{ method: string; url: string; body: unknown }> = []

const message = (id: number, pinned = false) => ({
  id,
  title: `پاسخ ${id}`,
  content: 'سفارش شما در حال انجام است.',
  is_pinned: pinned,
  pinned_at: pinned ? '2026-11-29T08:00:00.000Z' : null,
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-29T08:00:00.000Z',
})

await standInForFile(
  startStaffStandIn('support1', (req, body, send) => {
    const url = req.url ?? ''
    if (!url.startsWith('/api/staff/prepared-messages/')) return
    if (req.method === 'GET') return send(200, [message(2, true), message(3)])
    sent.push({ method: req.method ?? '', url, body })
    if (url.includes('/9/')) return send(404, { detail: 'پیام آماده یافت نشد' })
    if (req.method === 'DELETE') return send(204, null)
    return send(req.method === 'POST' && url.endsWith('messages/') ? 201 : 200, message(2))
  }),
  'PAYMENTS_URL',
  () => (sent.length = 0),
)

const support = () => signedInJar({ sub: '1', role: 'support' })
const post = (fields: Record<string, string>) =>
  submit(action, '/staff/prepared-messages', fields, support())

describe('/staff/prepared-messages', () => {
  it('lists the messages, pinned first, as payments-service orders them', async () => {
    const page = expectData<{ messages: Array<{ id: number }> }>(
      await load(loader, '/staff/prepared-messages', support()),
    )
    expect(page.data.messages.map((m) => m.id)).toEqual([2, 3])
  })

  it('creates, edits, pins, unpins and deletes, each with a Persian confirmation', async () => {
    const forms: Array<[Record<string, string>, string, string]> = [
      [{ intent: 'create', title: ' سلام ', content: ' خوش آمدید ' }, 'POST', '/'],
      [{ intent: 'update', id: '2', title: 'سلام', content: 'متن تازه' }, 'PATCH', '/2/'],
      [{ intent: 'pin', id: '3' }, 'POST', '/3/pin/'],
      [{ intent: 'unpin', id: '2' }, 'POST', '/2/unpin/'],
      [{ intent: 'delete', id: '3' }, 'DELETE', '/3/'],
    ]
    for (const [fields, method, tail] of forms) {
      const response = await post(fields)
      expect(flashMessage(response)).toMatch(/پیام آماده/)
      expect(sent.at(-1)).toMatchObject({
        method,
        url: `/api/staff/prepared-messages${tail}`,
      })
    }
    // What the contract trims is sent trimmed.
    expect(sent[0]?.body).toEqual({ title: 'سلام', content: 'خوش آمدید' })
  })

  it('refuses a blank title or text and a tampered id or intent in Persian, sending nothing', async () => {
    const blank = expectData<{ errors: { fields: Record<string, string[]> } }>(
      await post({ intent: 'create', title: '  ', content: '' }),
    )
    expect(blank.init?.status).toBe(400)
    expect(blank.data.errors.fields).toEqual({
      title: [MESSAGES.preparedTitleRequired],
      content: [MESSAGES.preparedContentRequired],
    })
    for (const fields of [
      { intent: 'pin', id: 'x' },
      { intent: 'delete', id: '-1' },
      { intent: 'publish', id: '2' },
    ]) {
      const refused = expectData<{ errors: { form: string[]; fields: Record<string, string[]> } }>(
        await post(fields),
      )
      const messages = [
        ...refused.data.errors.form,
        ...Object.values(refused.data.errors.fields).flat(),
      ]
      expect(messages.length).toBeGreaterThan(0)
      expect(messages.every((text) => /[\u0600-\u06FF]/.test(text))).toBe(true)
    }
    expect(sent).toEqual([])
  })

  it("shows payments-service's refusal of a message deleted meanwhile", async () => {
    const refused = expectData<{ errors: { form: string[] } }>(
      await post({ intent: 'delete', id: '9' }),
    )
    expect(refused.init?.status).toBe(400)
    expect(refused.data.errors.form).toEqual(['پیام آماده یافت نشد'])
  })
})
