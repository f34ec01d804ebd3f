import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { submit } from '../dashboard/route-calls.test-support.ts'
import { action } from './route.tsx'

/**
 * The admin's rate form against a small stand-in for payments-service's `POST /api/rates/`:
 * a change above the limit answers 409 rate_change_needs_confirmation until `confirm: true`
 * (rate safety, ADR 013).
 */

const posted: Array<Record<string, unknown>> = []
const CURRENT_IRR = 1_150_000

await standInForFile(
  startStaffStandIn('admin1', (req, requestBody, send) => {
    if (req.url === '/api/rates/' && req.method === 'POST') {
      const body = requestBody as Record<string, unknown>
      posted.push(body)
      const rate = body.buy_rate_irr as number
      const percent = Math.round((Math.abs(rate - CURRENT_IRR) / CURRENT_IRR) * 10_000) / 100
      if (percent > 10 && body.confirm !== true) {
        return send(409, {
          detail: `این نرخ ${percent.toLocaleString('fa-IR')} درصد با نرخ فعلی فاصله دارد. اگر از درستی آن مطمئن هستید، تغییر را تایید کنید.`,
          code: 'rate_change_needs_confirmation',
          current_rate_irr: CURRENT_IRR,
          requested_rate_irr: rate,
          change_percent: percent,
          confirm_above_percent: 10,
        })
      }
      if (percent > 10) {
        return send(202, {
          code: 'proposed',
          detail: 'ثبت شد و پس از تأیید یک همکار دیگر انجام می‌شود.',
          proposal: {
            id: 12,
            kind: 'rate_change',
            status: 'pending',
            subject: { type: 'currency', id: 'USD' },
            order_id: null,
            customer_id: null,
            amount_irr: rate,
            reference: null,
            proposed_by: { id: 1, username: 'admin1' },
            proposed_at: '2026-11-25T10:00:00.000Z',
            note: null,
            expires_at: '2026-11-26T10:00:00.000Z',
            decided_by: null,
            decided_at: null,
            decision_reason: null,
          },
        })
      }
      return send(201, {
        id: 9,
        currency: body.currency,
        buy_rate_irr: rate,
        set_by_user_id: 1,
        set_by: { id: 1, username: 'admin1' },
        note: body.note ?? null,
        created_at: '2026-11-25T10:00:00.000Z',
        previous_buy_rate_irr: CURRENT_IRR,
        change_percent: percent,
        change_confirmed: percent > 10,
      })
    }
  }),
  'PAYMENTS_URL',
  () => (posted.length = 0),
)

const admin = () => signedInJar({ sub: '1', role: 'admin' })
const post = (fields: Record<string, string>) => submit(action, '/staff/rates', fields, admin())

describe('/staff/rates: a large change asks for confirmation', () => {
  it('shows the Persian reason with both rates and the confirm checkbox, keeping what was typed', async () => {
    const result = expectData<Record<string, unknown>>(
      await post({ currency: 'USD', rate_toman: '۱۳۸٬۰۰۰', note: 'بازار' }),
    )
    expect(result.init?.status).toBe(409)
    expect(result.data).toMatchObject({
      needsConfirmation: { percent: 20 },
      values: { currency: 'USD', rate_toman: '۱۳۸٬۰۰۰', note: 'بازار' },
    })
    const form = (result.data.errors as { form: string[] }).form
    expect(form).toHaveLength(1)
    expect(form[0]).toContain('۲۰ درصد با نرخ فعلی فاصله دارد')
    expect(form[0]).toContain('نرخ فعلی ۱۱۵٬۰۰۰ تومان')
    expect(form[0]).toContain('نرخ جدید ۱۳۸٬۰۰۰ تومان')
    expect(posted).toEqual([{ currency: 'USD', buy_rate_irr: 1_380_000, note: 'بازار' }])
  })

  it('sends confirm: true when the box is ticked, then says a second admin approves it', async () => {
    const confirmed = { currency: 'USD', rate_toman: '138000', note: '', confirm: 'true' }
    const response = await post(confirmed)
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).headers.get('Location')).toBe('/staff/rates?currency=USD')
    expect(flashMessage(response)).toContain('پس از تأیید یک همکار دیگر انجام می‌شود')
    expect(flashMessage(response)).toContain('۱۲')
    expect(posted).toEqual([
      { currency: 'USD', buy_rate_irr: 1_380_000, note: null, confirm: true },
    ])
  })

  it('a small change goes through without confirmation and sends no confirm', async () => {
    const response = await post({ currency: 'USD', rate_toman: '120000', note: '' })
    expect((response as Response).status).toBe(302)
    expect(posted[0]).not.toHaveProperty('confirm')
  })
})
