/**
 * Editors preview a draft on the real site from the cms admin: web's preview page draws it with
 * the public page's own components. It is the one page the cms admin may frame.
 */
export const PREVIEW_PATH = '/preview/'

export function isPreviewPath(pathname: string): boolean {
  return pathname.startsWith(PREVIEW_PATH)
}

export const PREVIEW_TEXTS = {
  draft: 'پیش‌نمایش پیش‌نویس: این نسخه هنوز منتشر نشده است و مشتریان آن را نمی‌بینند.',
  published: 'پیش‌نمایش نسخهٔ منتشرشده.',
  expired: 'این پیوند پیش‌نمایش منقضی شده است. پیش‌نمایش را دوباره از پنل مدیریت محتوا باز کنید.',
  missing: 'چنین پیش‌نمایشی پیدا نشد.',
  unavailable: 'پیش‌نمایش اکنون در دسترس نیست. چند لحظه دیگر دوباره امتحان کنید.',
} as const
