import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { expectToHold } from '../../../tests/expect-html.ts'
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
    expectToHold(live, [
      'data-bank-logo="bmi"',
      'بانک ملی ایران',
      '603799******0006',
      'پاسخ استعلام پیشین به کار رفت',
    ])
    expect(live).not.toContain('حذف')
    expectToHold(removed, [
      'data-bank-logo="sb"',
      'data-removed="yes"',
      'حذف',
      'تطبیق دارد',
      // Jalali, Tehran time: 2026-11-24 is 3 Azar 1405.
      '۱۴۰۵',
    ])
  })

  it('says when there is none', () => {
    expect(renderToStaticMarkup(createElement(CardsHistory, { cards: [] }))).toContain(
      'کارتی ثبت نشده است.',
    )
  })
})
