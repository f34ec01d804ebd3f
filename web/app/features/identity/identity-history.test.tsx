import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CardsHistory } from './identity-history.tsx'

type Cards = Parameters<typeof CardsHistory>[0]['cards']

/** A live card whose owner answer was reused, and a removed one with its own question. */
const CARDS: Cards = [
  {
    id: 2,
    masked_number: '603799******0006',
    bank_name: 'بانک ملی ایران',
    created_at: '2026-11-25T08:00:00.000Z',
    deleted_at: null,
    owner_inquiry: null,
  },
  {
    id: 1,
    masked_number: '621986******0009',
    bank_name: 'بانک سامان',
    created_at: '2026-11-24T08:00:00.000Z',
    deleted_at: '2026-11-24T09:00:00.000Z',
    owner_inquiry: { id: 7, result: 'matched', created_at: '2026-11-24T08:00:00.000Z' },
  },
]

/** A customer's cards as staff see them in the identity history. */
describe('CardsHistory', () => {
  it('shows each card masked with its bank, when it was added and removed, and its owner inquiry', () => {
    const html = renderToStaticMarkup(createElement(CardsHistory, { cards: CARDS }))
    const [live, removed] = html.split('data-testid="staff-user-card"').slice(1)
    expect(live).toContain('data-bank-logo="bmi"')
    expect(live).toContain('بانک ملی ایران')
    expect(live).toContain('603799******0006')
    expect(live).not.toContain('حذف')
    expect(live).toContain('پاسخ استعلام پیشین به کار رفت')
    expect(removed).toContain('data-bank-logo="sb"')
    expect(removed).toContain('data-removed="yes"')
    expect(removed).toContain('حذف')
    expect(removed).toContain('تطبیق دارد')
    // Jalali, Tehran time: 2026-11-24 is 3 Azar 1405.
    expect(removed).toContain('۱۴۰۵')
  })

  it('says when there is none', () => {
    expect(renderToStaticMarkup(createElement(CardsHistory, { cards: [] }))).toContain(
      'کارتی ثبت نشده است.',
    )
  })
})
