import { formatToman } from '@arzpol/contracts'
import { SeriesLine } from '~/components/ui/sparkline.tsx'

/**
 * A rate's recent history as a small inline SVG line (oldest first, left to right as in every
 * chart), with its lowest and highest values written beside it. No chart library.
 */
export function RateChart({ values, label }: { values: readonly number[]; label: string }) {
  const width = 480
  const height = 120
  if (values.length < 2) {
    return <p className="text-sm text-slate-500">برای نمودار دست‌کم دو نرخ ثبت‌شده لازم است.</p>
  }
  const min = Math.min(...values)
  const max = Math.max(...values)
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={label}
        data-testid="rate-chart"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-32 w-full text-teal-700"
      >
        <line x1="0" y1={height - 1} x2={width} y2={height - 1} stroke="#e2e8f0" strokeWidth="1" />
        <SeriesLine values={values} width={width} height={height} strokeWidth={2.5} />
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-500">
        <span>کمترین: {formatToman(min)}</span>
        <span>بیشترین: {formatToman(max)}</span>
      </figcaption>
    </figure>
  )
}
