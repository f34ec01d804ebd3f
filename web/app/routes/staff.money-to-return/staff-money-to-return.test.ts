import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { RECONCILIATION_DAY_MESSAGES } from '~/features/orders/reconciliation-day.server.ts'
import { isoDayToJalali, jalaliToIsoDay, tehranYesterday } from '~/utils/staff-dates.server.ts'
import { loader as reconciliationLoader } from '../staff.reconciliation.ts'
import { action, loader } from './route.tsx'

/**
 * "Money to return" against a small stand-in for payments-service's
 * `GET /api/staff/money-to-return/` and `POST …/:id/refund/`.
 */

const posted: Array<{ url: string; body: Record<string, unknown> }> = []

const ITEM = {
  gateway_tx_id: 41,
  payment_id: 7,
  customer_phone: '09120000000',
  amount_irr: 5_750_000,
  held_irr: 5_750_000,
  outgoing_irr: 0,
  reason: 'duplicate_payment',
  return_block: 'reversal_refused',
  status: 'suspense',
  ref_num: 'REF-1',
  since: '2026-11-25T08:00:00.000Z',
  refunds: [
    {
      id: 3,
      amount_irr: 5_750_000,
      method: 'gateway_reverse',
      status: 'refused',
      reason: 'duplicate_payment',
      reference: null,
      created_at: '2026-11-25T08:00:01.000Z',
      settled_at: null,
    },
  ],
}

const askedDays: string[] = []

await standInForFile(
  startStaffStandIn('support1', (req, requestBody, send) => {
    if (req.url?.startsWith('/api/staff/reconciliation/csv/') && req.method === 'GET') {
      askedDays.push(new URL(req.url, 'http://x').searchParams.get('day') ?? '')
      return send(200, 'درگاه,وضعیت\r\n')
    }
    if (req.url === '/api/staff/money-to-return/' && req.method === 'GET') {
      return send(200, { count: 1, total_irr: ITEM.amount_irr, results: [ITEM] })
    }
    const refund = /^\/api\/staff\/money-to-return\/(\d+)\/refund\/$/.exec(req.url ?? '')
    if (refund && req.method === 'POST') {
      const body = requestBody as Record<string, unknown>
      posted.push({ url: req.url ?? '', body })
      if (refund[1] === '99') {
        return send(409, {
          detail: 'برای این پرداخت بازپرداختی در جریان است؛ بازپرداخت دوباره ممکن نیست.',
          code: 'refund_open',
        })
      }
      return send(201, {
        id: 4,
        amount_irr: ITEM.amount_irr,
        method: 'manual',
        status: 'pending',
        reference: null,
        created_at: '2026-11-25T09:00:00.000Z',
        settled_at: null,
      })
    }
  }),
  'PAYMENTS_URL',
  () => {
    posted.length = 0
    askedDays.length = 0
  },
)

const support = () => signedInJar({ sub: '1', role: 'support' })
const post = (fields: Record<string, string>) =>
  submit(action, '/staff/money-to-return', fields, support())

describe('/staff/money-to-return', () => {
  it('loads the items oldest first as payments-service lists them', async () => {
    const result = expectData<{ count: number; results: unknown[] }>(
      await load(loader, '/staff/money-to-return', support()),
    )
    expect(result.data.count).toBe(1)
    expect(result.data.results).toEqual([expect.objectContaining({ gateway_tx_id: 41 })])
  })

  it('needs a note for a refund by hand and sends nothing without one', async () => {
    const result = expectData<Record<string, unknown>>(
      await post({ intent: 'refund-by-hand', gateway_tx_id: '41', note: '  ' }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data).toMatchObject({
      item: '41',
      errors: { fields: { note: ['توضیح بازپرداخت دستی لازم است'] } },
    })
    expect(posted).toEqual([])
  })

  it('opens the refund by hand, then redirects with a Persian confirmation', async () => {
    const response = await post({
      intent: 'refund-by-hand',
      gateway_tx_id: '41',
      note: 'مشتری تماس گرفت',
    })
    expect((response as Response).headers.get('Location')).toBe('/staff/money-to-return')
    expect(flashMessage(response)).toContain('بازپرداخت دستی')
    expect(posted).toEqual([
      { url: '/api/staff/money-to-return/41/refund/', body: { note: 'مشتری تماس گرفت' } },
    ])
  })

  it('shows payments-service’s Persian refusal of a second refund on that item', async () => {
    const result = expectData<{ item: string; errors: { form: string[] } }>(
      await post({ intent: 'refund-by-hand', gateway_tx_id: '99', note: 'دوباره' }),
    )
    expect(result.data.item).toBe('99')
    expect(result.data.errors.form[0]).toContain('بازپرداختی در جریان است')
  })
})

describe('the reconciliation export', () => {
  const open = (query: string) =>
    load(reconciliationLoader, `/staff/reconciliation${query}`, support()) as Promise<Response>

  it('offers yesterday in Tehran as a Jalali day to start with', async () => {
    const result = expectData<{ reconciliation: { value: string; errors?: string[] } }>(
      await load(loader, '/staff/money-to-return', support()),
    )
    expect(result.data.reconciliation).toEqual({
      value: isoDayToJalali(tehranYesterday()),
      errors: undefined,
    })
  })

  it('lists the last month of days to pick, yesterday first, each named with its weekday', async () => {
    const result = expectData<{ recentDays: Array<{ value: string; label: string }> }>(
      await load(loader, '/staff/money-to-return', support()),
    )
    const days = result.data.recentDays
    expect(days).toHaveLength(31)
    expect(days[0]?.value).toBe(isoDayToJalali(tehranYesterday()))
    expect(days[0]?.label).toMatch(/^دیروز، (شنبه|یکشنبه|دوشنبه|سه‌شنبه|چهارشنبه|پنجشنبه|جمعه) /)
    expect(new Set(days.map((day) => day.value)).size).toBe(31)
    for (const day of days) {
      expect(jalaliToIsoDay(day.value), day.value).not.toBeNull()
      expect(day.label).toMatch(/[۰-۹]{4}$/)
    }
  })

  it('downloads the Jalali day typed (Persian digits too) as its Tehran day', async () => {
    const response = await open(`?day=${encodeURIComponent('۱۴۰۵/۰۹/۰۸')}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toContain(
      'arzpol-reconciliation-2026-11-29.csv',
    )
    expect(askedDays).toEqual(['2026-11-29'])
  })

  it('sends a missing or unreal day back to the form with the reason beside the field', async () => {
    for (const [typed, message] of [
      ['', RECONCILIATION_DAY_MESSAGES.required],
      ['1405/13/40', RECONCILIATION_DAY_MESSAGES.date],
      ['<script>', RECONCILIATION_DAY_MESSAGES.date],
    ] as const) {
      const response = await open(`?day=${encodeURIComponent(typed)}`)
      expect(response.status).toBe(302)
      const back = response.headers.get('Location') ?? ''
      expect(back.startsWith('/staff/money-to-return?')).toBe(true)
      const page = expectData<{ reconciliation: { value: string; errors?: string[] } }>(
        await load(loader, back.replace(/#.*$/, ''), support()),
      )
      expect(page.data.reconciliation).toEqual({ value: typed, errors: [message] })
    }
    expect(askedDays).toEqual([])
  })
})
