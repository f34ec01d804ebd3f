/**
 * The Persian name of each reason the screening holds a comment for: moderators read them in
 * the held reason, and the comment rules' reason field offers the phrase reasons by these names.
 */
export const REASON_NAMES = {
  'secret-request': 'درخواست رمز، کارت یا کد تأیید',
  messenger: 'دعوت به پیام‌رسان',
  impersonation: 'جعل پشتیبانی ارزپل',
  contact: 'راه تماس (تلفن یا پیوند)',
  other: 'دلیل دیگر',
  link: 'پیوند',
  handle: 'شناسهٔ پیام‌رسان',
  phone: 'شمارهٔ تلفن',
  'card-number': 'شمارهٔ کارت',
  'near-duplicate': 'تکرار دیدگاه حساب دیگر',
} as const
