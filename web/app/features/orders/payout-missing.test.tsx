import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PayoutMissingSection } from './payout-missing.tsx'

/** ADR 017: a cash-out waiting for its details says in Persian exactly what is missing. */
describe('PayoutMissingSection', () => {
  const render = (stage: string, missing: string[]) =>
    renderToStaticMarkup(createElement(PayoutMissingSection, { stage, missing }))

  it('shows nothing when nothing is missing', () => {
    expect(render('in_progress', [])).toBe('')
  })

  it('names the Sheba and the income documents in Persian, never the codes', () => {
    const html = render('awaiting_payout_details', ['sheba', 'income_documents'])
    expect(html).toContain('سفارش شما منتظر این موارد است')
    expect(html).toContain('شماره شبای حسابی که ریال به آن واریز می‌شود')
    expect(html).toContain('دست‌کم یک مدرک درآمد ارزی')
    expect(html).toContain('منقضی نمی‌شود')
    expect(html).not.toMatch(/>sheba<|income_documents/)
  })

  it('lists only what is still missing; before start it asks for the same things', () => {
    const documentsOnly = render('awaiting_payout_details', ['income_documents'])
    expect(documentsOnly).toContain('دست‌کم یک مدرک درآمد ارزی')
    expect(documentsOnly).not.toContain('شماره شبای حسابی')
    const notStarted = render('awaiting_payment', ['sheba'])
    expect(notStarted).toContain('برای بررسی این سفارش این موارد لازم است')
    expect(notStarted).toContain('شماره شبای حسابی که ریال به آن واریز می‌شود')
  })

  it('names the missing identity level in Persian with a link to the identity page (issue 18)', () => {
    const html = render('awaiting_payout_details', ['identity_level', 'sheba'])
    expect(html).toContain('احراز هویت سطح ۱')
    expect(html).toContain('href="/dashboard/identity"')
    expect(html).not.toContain('identity_level')
  })
})
