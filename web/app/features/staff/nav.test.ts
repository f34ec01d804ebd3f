import { describe, expect, it } from 'vitest'
import { activeMenuItem, menuFor, STAFF_MENU } from './nav.ts'

const litOn = (pathname: string) => activeMenuItem(STAFF_MENU, pathname)?.label

describe('the staff menu lights the page’s own item', () => {
  it('lights only the inquiry log on the inquiry log, not the review queue above it', () => {
    expect(litOn('/staff/identity/inquiries')).toBe('استعلام‌های هویت')
    expect(litOn('/staff/identity/inquiries/')).toBe('استعلام‌های هویت')
  })

  it('keeps the review queue lit on the queue and on a review', () => {
    expect(litOn('/staff/identity')).toBe('بررسی مدارک هویت')
    expect(litOn('/staff/identity/42')).toBe('بررسی مدارک هویت')
    expect(litOn('/staff/identity/42/documents/7')).toBe('بررسی مدارک هویت')
  })

  it('tells a sibling sharing a prefix from a child', () => {
    expect(litOn('/staff/identity-levels')).toBe('سقف سطح‌های هویت')
    expect(litOn('/staff/orders/15')).toBe('سفارش‌ها')
  })

  it('lights the console home on itself only, and nothing outside the menu', () => {
    expect(litOn('/staff')).toBe('میز کار')
    expect(litOn('/staff/unknown')).toBeUndefined()
    expect(litOn('/dashboard')).toBeUndefined()
  })

  it('shows the staff audit log to admins only', () => {
    expect(menuFor('admin').map((item) => item.to)).toContain('/staff/audit')
    expect(menuFor('support').map((item) => item.to)).not.toContain('/staff/audit')
    expect(litOn('/staff/audit')).toBe('گزارش اقدامات کارکنان')
  })

  it('lights exactly one item of any role’s menu', () => {
    for (const role of ['admin', 'support'] as const) {
      const menu = menuFor(role)
      for (const item of menu) {
        const lit = menu.filter((other) => activeMenuItem(menu, item.to) === other)
        expect(lit.map((other) => other.to)).toEqual([item.to])
      }
    }
  })
})
