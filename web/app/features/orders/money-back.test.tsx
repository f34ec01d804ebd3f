import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MoneyBackSection } from './money-back.tsx'

/** Where is my money: the customer's box, in Persian. */
describe('MoneyBackSection', () => {
  const render = (items: Parameters<typeof MoneyBackSection>[0]['items']) =>
    renderToStaticMarkup(createElement(MoneyBackSection, { items }))

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
    const item = {
      amount_irr: 57_500_000,
      reason: 'reversal_refused',
      reference: null,
      created_at: '2026-11-25T08:00:00.000Z',
      expected_by: null,
      settled_at: null,
    }
    const held = render([{ ...item, status: 'held' }])
    expect(held).toContain('شماره شبای حسابی به نام خودتان')
    expect(held).not.toContain('به حساب شما')
    // Back by the bank's reversal: to the paying card; by a transfer: said so, with its number.
    expect(render([{ ...item, status: 'done' }])).toContain('به کارتی که با آن پرداخت کردید')
    const transferred = render([{ ...item, status: 'done', reference: 'TR-7' }])
    expect(transferred).toContain('با انتقال بانکی بازگردانده شد')
    expect(transferred).not.toContain('به حساب شما')
  })
})
