import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { expectToHold } from '../../../tests/expect-html.ts'
import { identityStatus } from './fake-identity.test-support.ts'
import { IdentityOverview, LimitsSummary } from './identity-components.tsx'
import type { IdentityStatus } from './identity-schemas.ts'

/**
 * What the customer reads of their limits (ADR 022, revised): what moved today and this month,
 * what their payments under way hold (each holding order linked, with until when) and what
 * remains, in Persian toman; plain HTML, so it reads without JavaScript.
 */

/** Level 0: one paid order today, one bank visit under way, one cash-out waiting for staff. */
function withHolds(): IdentityStatus {
  const status = identityStatus(0) as unknown as IdentityStatus
  return {
    ...status,
    limits: {
      ...status.limits,
      today_used_irr: 59_225_000,
      month_used_irr: 118_450_000,
      reserved_irr: 283_475_000,
      reservations: [
        {
          order_id: 1204,
          kind: 'bank_payment',
          amount_irr: 59_225_000,
          // 14:50 in Tehran on 1405/09/13.
          until: '2026-12-04T11:20:00.000Z',
        },
        { order_id: 1207, kind: 'payout', amount_irr: 224_250_000, until: null },
      ],
      today_remaining_irr: 2_000_000_000 - 59_225_000 - 283_475_000,
      month_remaining_irr: 5_000_000_000 - 118_450_000 - 283_475_000,
    },
  }
}

/** Renders inside a router, as the dashboard does: the holding orders are links. */
function render(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(createElement(StaticRouter, { location: '/dashboard' }, element))
}

const byTestId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>(.*?)</dd>`).exec(html)?.[1] ?? ''

describe('LimitsSummary', () => {
  it('shows used, reserved and remaining of today and this month in toman, Persian digits', () => {
    const html = render(createElement(LimitsSummary, { status: withHolds() }))
    expect(byTestId(html, 'today-used')).toContain('۵٬۹۲۲٬۵۰۰ تومان')
    expect(byTestId(html, 'month-used')).toContain('۱۱٬۸۴۵٬۰۰۰ تومان')
    expect(byTestId(html, 'today-reserved')).toContain('۲۸٬۳۴۷٬۵۰۰ تومان')
    expect(byTestId(html, 'month-reserved')).toContain('۲۸٬۳۴۷٬۵۰۰ تومان')
    expect(byTestId(html, 'today-remaining')).toContain('۱۶۵٬۷۳۰٬۰۰۰ تومان')
    expect(byTestId(html, 'month-remaining')).toContain('۴۵۹٬۸۰۷٬۵۰۰ تومان')
    for (const id of ['today-used', 'today-reserved', 'today-remaining', 'month-remaining']) {
      expect(byTestId(html, id)).not.toMatch(/[0-9]/)
    }
  })

  it('names each order that holds part of the limits, links to it, and says until when', () => {
    const html = render(createElement(LimitsSummary, { status: withHolds() }))
    const [bank, payout] = html.split('data-testid="limit-reservation"').slice(1)
    expectToHold(bank, [
      'href="/dashboard/orders/1204"',
      '#۱٬۲۰۴',
      '۵٬۹۲۲٬۵۰۰ تومان',
      '۱۴۰۵/۰۹/۱۳ ساعت ۱۴:۵۰',
    ])
    expectToHold(payout, ['href="/dashboard/orders/1207"', '۲۲٬۴۲۵٬۰۰۰ تومان', 'تا تسویه'])
    // How a hold ends, in words.
    expect(html).toContain('آزاد می‌شود')
  })

  it('lists nothing when no payment is under way', () => {
    const status = identityStatus(1) as unknown as IdentityStatus
    const html = render(createElement(LimitsSummary, { status }))
    expect(html).not.toContain('data-testid="limit-reservations"')
    expect(byTestId(html, 'today-reserved')).toContain('۰ تومان')
  })
})

describe('IdentityOverview (dashboard home)', () => {
  it('carries the same figures and the holding orders', () => {
    const html = render(createElement(IdentityOverview, { status: withHolds() }))
    expect(html).toContain('data-testid="identity-overview"')
    expect(byTestId(html, 'today-remaining')).toContain('۱۶۵٬۷۳۰٬۰۰۰ تومان')
    expect(html.match(/data-testid="limit-reservation"/g)).toHaveLength(2)
  })
})
