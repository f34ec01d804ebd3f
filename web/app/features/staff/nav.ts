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
  { to: '/staff/approvals', label: 'تأییدها', end: false },
  { to: '/staff/tickets', label: 'تیکت‌ها', end: false },
  { to: '/staff/prepared-messages', label: 'پیام‌های آماده', end: false },
  { to: '/staff/sms', label: 'پیامک‌های ارسال‌نشده', end: false },
  { to: '/staff/rates', label: 'نرخ ارز', end: false },
  { to: '/staff/payment-types', label: 'انواع پرداخت و کارمزد', end: false },
  { to: '/staff/users', label: 'کاربران', end: false },
  { to: '/staff/identity', label: 'بررسی مدارک هویت', end: false },
  { to: '/staff/identity/inquiries', label: 'استعلام‌های هویت', end: false },
  { to: '/staff/identity-levels', label: 'سقف سطح‌های هویت', end: false },
  { to: '/staff/audit', label: 'گزارش اقدامات کارکنان', end: false, adminOnly: true },
]

export function menuFor(role: StaffRole): StaffMenuItem[] {
  return STAFF_MENU.filter((item) => !item.adminOnly || role === 'admin')
}

/**
 * The item the page at `pathname` belongs to: of the items whose `to` is the path or (unless
 * `end`) a parent of it, the longest. A prefix match alone would light the review queue
 * (`/staff/identity`) on the inquiry log below it as well; the queue keeps its reviews.
 */
export function activeMenuItem(
  items: readonly StaffMenuItem[],
  pathname: string,
): StaffMenuItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const matching = items.filter(
    (item) => path === item.to || (!item.end && path.startsWith(`${item.to}/`)),
  )
  return matching.sort((a, b) => b.to.length - a.to.length)[0]
}
