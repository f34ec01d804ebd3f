/**
 * Calendar days as our customers and staff live them. Iran has kept UTC+03:30 all year since
 * 1401 (2022), so a Tehran day is a fixed 24-hour span; the rates chart relies on the same.
 */
const TEHRAN_OFFSET = '+03:30'
const DAY_MS = 86_400_000

/** `YYYY-MM-DD` (Tehran) → [start, end) as instants. */
export function tehranDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00${TEHRAN_OFFSET}`)
  return { start, end: new Date(start.getTime() + DAY_MS) }
}

// One formatter for the process: building an Intl.DateTimeFormat costs more than formatting
// with it, and the limit check asks for today's date on every order (the bench's create).
// en-CA formats as YYYY-MM-DD.
const TEHRAN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The Tehran calendar day of an instant, `YYYY-MM-DD`. */
export function tehranDayOf(instant: Date): string {
  return TEHRAN_DAY.format(instant)
}
