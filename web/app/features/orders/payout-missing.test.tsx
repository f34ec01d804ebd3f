import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PayoutMissingSection, showsShebaForm } from './payout-missing.tsx'

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

  it('names the missing identity level in Persian with a link to the identity page', () => {
    const html = render('awaiting_payout_details', ['identity_level', 'sheba'])
    expect(html).toContain('احراز هویت سطح ۱')
    expect(html).toContain('href="/dashboard/identity"')
    expect(html).not.toContain('identity_level')
  })

  it('says the order is held until the Sheba is checked as the customer’s own, and what to do (ADR 028)', () => {
    // At level 0: the check comes by itself once identity level 1 is reached.
    const level0 = render('awaiting_payout_details', ['identity_level', 'sheba_owner_check'])
    expect(level0).toContain('تا تأیید شود این شماره شبا به نام خود شماست')
    expect(level0).toContain('پس از احراز هویت سطح ۱ این بررسی خودبه‌خود انجام می‌شود')
    expect(level0).toContain('href="/dashboard/identity"')
    expect(level0).not.toContain('sheba_owner_check')
    // At level 1 it could not be asked yet: give the Sheba again (the form is offered).
    const level1 = render('awaiting_payout_details', ['sheba_owner_check'])
    expect(level1).toContain('تا تأیید شود این شماره شبا به نام خود شماست')
    expect(level1).toContain('شماره شبا را دوباره ثبت کنید')
    expect(level1).not.toContain('href="/dashboard/identity"')
    expect(showsShebaForm(['sheba_owner_check'])).toBe(true)
    expect(showsShebaForm(['identity_level', 'sheba_owner_check'])).toBe(false)
    expect(showsShebaForm(['sheba', 'income_documents'])).toBe(true)
    expect(showsShebaForm(['income_documents'])).toBe(false)
  })
})
