/**
 * A tiny inline SVG line of a series (oldest first). SVG coordinates are physical, so time runs
 * left to right as in every chart, RTL page or not.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length < 2) return ''
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || 1
  const step = width / (values.length - 1)
  return values
    .map((value, index) => {
      const x = index * step
      const y = height - ((value - min) / span) * (height - 2) - 1
      return `${x.toFixed(1)},${y.toFixed(1)}`
    })
    .join(' ')
}

/**
 * The series drawn as one line in an SVG `width` × `height`, in the text colour. The stroke keeps
 * its width when a chart's SVG is stretched to its box.
 */
export function SeriesLine({
  values,
  width,
  height,
  strokeWidth = 2,
}: {
  values: readonly number[]
  width: number
  height: number
  strokeWidth?: number
}) {
  return (
    <polyline
      points={sparklinePoints(values, width, height)}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinejoin="round"
      strokeLinecap="round"
      vectorEffect="non-scaling-stroke"
    />
  )
}

export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 160
  const height = 36
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="usd-sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="text-teal-700"
    >
      <SeriesLine values={values} width={width} height={height} />
    </svg>
  )
}
