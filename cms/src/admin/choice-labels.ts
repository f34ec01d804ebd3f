import { REASON_NAMES } from '../comments/screening/reason-names'

/**
 * Persian names for the choices of our enumeration fields. Strapi's edit view shows a choice by
 * looking its stored value up as a message id, so these join the Persian messages; the stored
 * values stay the codes web and the comment screening use. A service page's payment type is left
 * out on purpose: its field is labelled as the order's code, and editors pick it as such.
 */
export const CHOICE_LABELS: Record<string, string> = {
  // A comment's moderation status.
  pending: 'در انتظار بررسی',
  approved: 'تأییدشده',
  spam: 'پنهان (هرزنامه)',
  // Why a comment rule holds a comment: named as the held reason names it.
  'secret-request': REASON_NAMES['secret-request'],
  messenger: REASON_NAMES.messenger,
  impersonation: REASON_NAMES.impersonation,
  contact: REASON_NAMES.contact,
  other: REASON_NAMES.other,
  // How a plan compares on a tier page.
  low: 'کم',
  medium: 'متوسط',
  high: 'زیاد',
  // The colour of a "why us" card.
  blue: 'آبی',
  green: 'سبز',
  amber: 'کهربایی',
  purple: 'بنفش',
  rose: 'صورتی',
  teal: 'سبزآبی',
}
