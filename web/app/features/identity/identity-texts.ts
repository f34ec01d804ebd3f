import { formatNumberFa } from '@arzpol/contracts'

/**
 * web's own Persian texts of the identity screens: titles, steps and fallbacks. The rules' texts
 * (field errors, refusals) come from payments-service through `@arzpol/contracts/identity` and
 * are shown as they arrive.
 */

export const levelName = (level: number) => `سطح ${formatNumberFa(level)}`

export const IDENTITY_TEXTS = {
  unavailable: 'سرویس احراز هویت اکنون در دسترس نیست؛ چند لحظه بعد دوباره تلاش کنید.',
  statusUnavailable: 'اطلاعات احراز هویت شما اکنون در دسترس نیست؛ صفحه را کمی بعد دوباره باز کنید.',
  level1Failed: 'ثبت اطلاعات هویتی انجام نشد.',
  level1Done: 'هویت شما تأیید شد؛ سقف‌های سطح ۱ از همین حالا برای شما فعال است.',
  cardFailed: 'ثبت کارت بانکی انجام نشد.',
  cardAdded: 'کارت بانکی به نام شما تأیید و ثبت شد.',
  cardRemoved: 'کارت بانکی از فهرست کارت‌های شما حذف شد.',
  cardRemoveFailed: 'حذف کارت انجام نشد؛ صفحه را دوباره باز کنید.',
  documentFailed: 'بارگذاری مدرک انجام نشد. دوباره تلاش کنید.',
  documentUploaded: 'مدرک بارگذاری شد.',
  noFile: 'فایلی برای بارگذاری انتخاب نشده است.',
  unknownForm: 'فرم ارسالی شناخته نشد؛ صفحه را دوباره باز کنید.',
  limitLink: 'افزایش سقف با احراز هویت',
  identityPageLink: 'رفتن به صفحهٔ احراز هویت و کارت‌های بانکی',
  topLevel: 'شما در بالاترین سطح احراز هویت هستید؛ برای مبالغ بالاتر با پشتیبانی هماهنگ کنید.',
} as const

export const LIMIT_LABELS = {
  per_order: 'سقف هر سفارش',
  per_day: 'سقف روزانه',
  per_month: 'سقف ماهانه',
} as const
