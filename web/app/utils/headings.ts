/**
 * Renumbers the headings of sanitised cms HTML: the levels it uses become `top`, `top + 1`, … in
 * order (never past h6), so they follow the page's own heading without skipping a level.
 */
export function renumberHeadings(html: string, top: number): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]))
  if (levels.length === 0) return html
  const used = [...new Set(levels)].sort((a, b) => a - b)
  const mapping = new Map(used.map((level, index) => [level, Math.min(6, top + index)]))
  return html.replace(
    /<(\/?)h([1-6])([\s>])/g,
    (_, slash: string, level: string, after: string) =>
      `<${slash}h${mapping.get(Number(level)) ?? level}${after}`,
  )
}
