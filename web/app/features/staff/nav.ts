import type { StaffRole } from './roles.ts'

/** The back office menu; `adminOnly` items are not shown to support (and refused on the server). */
export interface StaffMenuItem {
  to: string
  label: string
  end: boolean
  adminOnly?: boolean
}

export const STAFF_MENU: readonly StaffMenuItem[] = [
  { to: '/staff', label: 'میز کار', end: true },
  { to: '/staff/orders', label: 'سفارش‌ها', end: false },
  { to: '/staff/money-to-return', label: 'پول برای بازگرداندن', end: false },
  { to: '/staff/tickets', label: 'تیکت‌ها', end: false },
  { to: '/staff/rates', label: 'نرخ ارز', end: false },
  { to: '/staff/payment-types', label: 'انواع پرداخت و کارمزد', end: false },
  { to: '/staff/users', label: 'کاربران', end: false },
  { to: '/staff/identity', label: 'بررسی مدارک هویت', end: false },
  { to: '/staff/identity/inquiries', label: 'استعلام‌های هویت', end: false },
  { to: '/staff/identity-levels', label: 'سقف سطح‌های هویت', end: false },
]

export function menuFor(role: StaffRole): StaffMenuItem[] {
  return STAFF_MENU.filter((item) => !item.adminOnly || role === 'admin')
}
