/** Jalali (Solar Hijri) dates with Persian digits in Tehran time, straight from Intl's ICU. */

const TEHRAN = 'Asia/Tehran'

const dateFormat = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TEHRAN,
})

const longDateFormat = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  dateStyle: 'long',
  timeZone: TEHRAN,
})

const weekdayFormat = new Intl.DateTimeFormat('fa-IR', { weekday: 'long', timeZone: TEHRAN })

const timeFormat = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TEHRAN,
})

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(value)}`)
  return date
}

/** ۱۴۰۴/۰۵/۲۸ */
export function formatJalaliDate(value: Date | string | number): string {
  const parts = dateFormat.formatToParts(toDate(value))
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value
  return `${get('year')}/${get('month')}/${get('day')}`
}

/** ۲۸ مرداد ۱۴۰۴ */
export function formatJalaliLongDate(value: Date | string | number): string {
  return longDateFormat.format(toDate(value))
}

/** سه‌شنبه ۲۸ مرداد ۱۴۰۴: a day to pick, named as a calendar names it. */
export function formatJalaliWeekdayDate(value: Date | string | number): string {
  const date = toDate(value)
  return `${weekdayFormat.format(date)} ${formatJalaliLongDate(date)}`
}

/** ۱۴۰۴/۰۵/۲۸ ساعت ۱۴:۳۰ */
export function formatJalaliDateTime(value: Date | string | number): string {
  const date = toDate(value)
  return `${formatJalaliDate(date)} ساعت ${timeFormat.format(date)}`
}
