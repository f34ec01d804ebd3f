import { describe, expect, it } from 'vitest'
import { pageOf } from './pager.tsx'

describe('pageOf', () => {
  it('reads ?page= typed in Latin or Persian digits', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3)
    expect(pageOf(new URLSearchParams('page=۱۲'))).toBe(12)
  })

  it('reads anything else as the first page', () => {
    expect(pageOf(new URLSearchParams())).toBe(1)
    for (const page of ['', '0', '-2', '1.5', 'abc', '20001']) {
      expect(pageOf(new URLSearchParams({ page })), page).toBe(1)
    }
  })
})
