import { ACCOUNT_CLOSING_MESSAGES } from '@arzpol/contracts/users/staff'
import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import {
  expectData,
  flashMessage,
  sameOriginPost,
  settle,
  signedInJar,
} from '../../../tests/utils.ts'
import { CLOSING_FORM_MESSAGES, closeAccountAction } from './account-closing.server.ts'

/**
 * Closing an account from the staff customer page (ADR 025), against a stand-in for
 * payments-service's `POST /api/staff/users/:id/close/`: what is sent, and every refusal in
 * Persian where the page shows it.
 */

const posted: Array<{ url: string; authorization: string | undefined; body: unknown }> = []
let refusal: { status: number; body: unknown } | null = null

const NOW = '2026-11-27T09:00:00.000Z'
const CLOSED = {
  id: 7,
  phone: '09120000007',
  username: 'customer7',
  email: null,
  role: 'customer',
  blocked: true,
  blocked_at: NOW,
  closed_at: NOW,
  created_at: NOW,
  last_login_at: null,
  second_factor_enrolled: null,
  orders: [],
  orders_count: 0,
  tickets: [],
  tickets_count: 0,
  audit: [
    {
      id: 1,
      action: 'close',
      actor: { id: 1, username: 'admin1' },
      note: 'تیکت ۱۲',
      created_at: NOW,
    },
  ],
}

await standInForFile(
  startStaffStandIn('admin1', (req, body, send) => {
    if (req.method !== 'POST' || req.url !== '/api/staff/users/7/close/') return
    posted.push({ url: req.url, authorization: req.headers.authorization, body })
    if (refusal) return send(refusal.status, refusal.body)
    return send(200, CLOSED)
  }),
  'PAYMENTS_URL',
  () => {
    posted.length = 0
    refusal = null
  },
)

const admin = () => signedInJar({ sub: '1', role: 'admin' })
const close = (fields: Record<string, string>, jar = admin()) => {
  const request = sameOriginPost('/staff/users/7', { intent: 'close', ...fields }, jar)
  return settle(async () => closeAccountAction(request, 7, await request.clone().formData()))
}

interface Refused {
  intent: string
  errors: { form: string[]; fields: Record<string, string[]> }
}

describe('closing an account from the staff page', () => {
  it('sends the reason with the admin’s token and comes back with a notice', async () => {
    const response = await close({ reason: '  تیکت ۱۲  ', confirm: 'yes' })
    expect(flashMessage(response)).toBe(CLOSING_FORM_MESSAGES.done)
    expect(posted).toEqual([
      expect.objectContaining({
        body: { reason: 'تیکت ۱۲' },
        authorization: expect.stringMatching(/^Bearer ey/),
      }),
    ])
  })

  it('needs a reason and the ticked confirmation, asking nobody without them', async () => {
    const result = expectData<Refused>(await close({ reason: ' ' }))
    expect(result.init?.status).toBe(400)
    expect(result.data).toEqual({
      intent: 'close',
      errors: {
        form: [],
        fields: {
          reason: [ACCOUNT_CLOSING_MESSAGES.reasonRequired],
          confirm: [CLOSING_FORM_MESSAGES.confirm],
        },
      },
    })
    expect(
      expectData<Refused>(await close({ reason: 'x', confirm: 'no' })).data.errors.fields,
    ).toEqual({ confirm: [CLOSING_FORM_MESSAGES.confirm] })
    expect(posted).toEqual([])
  })

  it('shows the service’s Persian reason when the account cannot close yet', async () => {
    refusal = {
      status: 409,
      body: { detail: ACCOUNT_CLOSING_MESSAGES.ordersOpen, code: 'orders_open' },
    }
    const result = expectData<Refused>(await close({ reason: 'تیکت ۱۲', confirm: 'yes' }))
    expect(result.init?.status).toBe(409)
    expect(result.data.errors).toEqual({ form: [ACCOUNT_CLOSING_MESSAGES.ordersOpen], fields: {} })
  })

  it('puts the service’s field error beside the reason', async () => {
    refusal = { status: 400, body: { reason: ['متن نویسه‌های نامعتبر دارد'] } }
    const result = expectData<Refused>(await close({ reason: 'تیکت', confirm: 'yes' }))
    expect(result.data.errors.fields.reason).toEqual(['متن نویسه‌های نامعتبر دارد'])
  })

  it('is an admin’s: support get 403 and nothing is sent', async () => {
    const thrown = await close(
      { reason: 'تیکت ۱۲', confirm: 'yes' },
      signedInJar({ sub: '2', role: 'support' }),
    ).catch((error: unknown) => error)
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(403)
    expect(posted).toEqual([])
  })
})
