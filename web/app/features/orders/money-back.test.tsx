import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MoneyBackSection } from './money-back.tsx'

/** Where is my money: the customer's box, in Persian. */
describe('MoneyBackSection', () => {
  const render = (items: Parameters<typeof MoneyBackSection>[0]['items']) =>
    renderToStaticMarkup(createElement(MoneyBackSection, { items }))
  /** Money the bank would not reverse: it goes back by a transfer staff make. */
  const item = {
    amount_irr: 57_500_000,
    reason: 'reversal_refused',
    reference: null,
    created_at: '2026-11-25T08:00:00.000Z',
    expected_by: null,
    settled_at: null,
  }

  it('shows nothing when no money is coming back', () => {
    expect(render([])).toBe('')
  })

  it('says the amount in toman, the reason, the expected Jalali date and the tracking number', () => {
    const html = render([
      {
        amount_irr: 57_500_000,
        status: 'pending',
        reason: 'duplicate_payment',
        reference: 'TR-42',
        created_at: '2026-11-25T08:00:00.000Z',
        expected_by: '2026-11-29T08:00:00.000Z',
        settled_at: null,
      },
    ])
    expect(html).toContain('۵٬۷۵۰٬۰۰۰ تومان')
    expect(html).toContain('پرداخت تکراری')
    expect(html).toContain('با انتقال بانکی بازگردانده می‌شود')
    expect(html).toContain('آذر ۱۴۰۵')
    expect(html).toContain('TR-42')
    expect(html).not.toContain('duplicate_payment')
  })

  it('never says "your account" for an account the customer never gave', () => {
    const held = render([{ ...item, status: 'held' }])
    expect(held).toContain('شماره شبای حسابی به نام خودتان')
    expect(held).not.toContain('به حساب شما')
    // Back by the bank's reversal: to the paying card; by a transfer: said so, with its number.
    expect(render([{ ...item, status: 'done' }])).toContain('به کارتی که با آن پرداخت کردید')
    const transferred = render([{ ...item, status: 'done', reference: 'TR-7' }])
    expect(transferred).toContain('با انتقال بانکی بازگردانده شد')
    expect(transferred).not.toContain('به حساب شما')
  })

  it('money that leaves by transfer asks for the customer’s own account, then names it and its check', () => {
    const withForm = (
      items: Parameters<typeof MoneyBackSection>[0]['items'],
      account = null as never,
    ) =>
      renderToStaticMarkup(
        createElement(MoneyBackSection, { items, account }, createElement('form', { id: 'f' })),
      )
    for (const status of ['held', 'pending'] as const) {
      const html = withForm([{ ...item, status }])
      expect(html).toContain('data-testid="refund-account"')
      expect(html).toContain('<form id="f">')
    }
    // A reversal goes back to the card by itself: no account asked.
    for (const status of ['requested', 'done'] as const)
      expect(withForm([{ ...item, status }])).not.toContain('refund-account')

    const sheba = 'IR820540102680020817909002'
    const unchecked = withForm([{ ...item, status: 'held' }], {
      sheba,
      bank_name: 'پارسیان',
      owner_checked: false,
    } as never)
    expect(unchecked).toContain(sheba)
    expect(unchecked).toContain('(پارسیان)')
    expect(unchecked).toContain('پیش از واریز بررسی می‌کنند')
    const checked = withForm([{ ...item, status: 'held' }], {
      sheba,
      bank_name: null,
      owner_checked: true,
    } as never)
    expect(checked).toContain('بررسی شد که این حساب به نام خود شماست')
  })
})
