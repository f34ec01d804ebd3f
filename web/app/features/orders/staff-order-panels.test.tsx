import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { StaffOrderBankAttempts } from './staff-order-bank-attempts.tsx'
import { StaffOrderCredentials } from './staff-order-credentials.tsx'

/** Two panels of a staff order, read as support read them: in Persian, and only what is needed. */

describe('StaffOrderBankAttempts', () => {
  it("names each attempt's state in Persian, never by its code", () => {
    const attempt = {
      id: 1,
      res_num: 'R1',
      amount_irr: 10_000_000,
      ref_num: 'REF-1',
      masked_pan: '621986******0009',
      verified_at: '2026-11-29T08:00:00.000Z',
      created_at: '2026-11-29T07:59:00.000Z',
    }
    const html = renderToStaticMarkup(
      createElement(StaffOrderBankAttempts, {
        attempts: [
          { ...attempt, status: 'verified' },
          { ...attempt, id: 2, status: 'reversed' },
        ],
      }),
    )
    expect(html).toContain('تأییدشده بانک')
    expect(html).toContain('برگشت‌خورده به کارت')
    expect(html).not.toMatch(/>(verified|reversed)</)
  })
})

describe('StaffOrderCredentials', () => {
  const order = {
    has_credentials: true,
    credentials_wiped_at: null,
    updated_at: '2026-11-29T08:00:00.000Z',
  }

  it('offers no reveal once the order no longer needs the password, and says why', () => {
    for (const stage of ['done', 'awaiting_payment', 'refunded'] as const) {
      const html = renderToStaticMarkup(
        createElement(StaffOrderCredentials, {
          order: { ...order, stage },
          revealed: undefined,
          errors: undefined,
        }),
      )
      expect([stage, html.includes(STAFF_MESSAGES.credentialsNotNeeded)]).toEqual([stage, true])
      expect(html).not.toContain('نمایش رمز عبور')
    }
  })
})
