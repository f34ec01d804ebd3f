import { formatJalaliDate, formatToman } from '@arzpol/contracts'
import { SeriesLine } from '~/components/ui/sparkline.tsx'

/**
 * A currency's last days as a line drawn on the server (plain SVG, no script): the lowest and
 * highest rate beside it, the first and last day under it. Time runs left to right, as in every
 * chart; the labels say which end is which.
 */

const WIDTH = 600
const HEIGHT = 140

/** A Tehran calendar day (`YYYY-MM-DD`) in Jalali; noon keeps it on the same day everywhere. */
const jalaliDay = (date: string) => formatJalaliDate(`${date}T12:00:00+03:30`)

export function RateChart({
  label,
  daily,
}: {
  label: string
  daily: ReadonlyArray<{ date: string; buy_rate_irr: number }>
}) {
  if (daily.length < 2) {
    return <p className="text-sm text-slate-500">برای نمودار هنوز سابقهٔ کافی نیست.</p>
  }
  const values = daily.map((day) => day.buy_rate_irr)
  const low = Math.min(...values)
  const high = Math.max(...values)
  const first = daily[0]!
  const last = daily[daily.length - 1]!
  const summary = `${label} از ${jalaliDay(first.date)} تا ${jalaliDay(last.date)}: کمترین ${formatToman(low)}، بیشترین ${formatToman(high)}`
  return (
    <figure className="flex flex-col gap-1.5">
      <div className="flex justify-between text-xs text-slate-600">
        <span>بیشترین: {formatToman(high)}</span>
        <span>کمترین: {formatToman(low)}</span>
      </div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full rounded-lg bg-slate-50 text-teal-700"
        data-testid="rate-chart"
      >
        <SeriesLine values={values} width={WIDTH} height={HEIGHT} strokeWidth={2.5} />
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-600" dir="ltr">
        <span>{jalaliDay(first.date)}</span>
        <span>{jalaliDay(last.date)}</span>
      </figcaption>
    </figure>
  )
}
