import { useEffect, useState } from 'react'

const persianDigits = '۰۱۲۳۴۵۶۷۸۹'

/** 125 → "۲:۰۵" (spec §9: the resend countdown is shown as m:ss). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds))
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return text.replace(/\d/g, (d) => persianDigits[Number(d)] ?? d)
}

/**
 * Seconds left of a countdown that starts at `seconds` when it first renders (or when `key`
 * changes). The server renders the same starting value, so hydration matches; the browser then
 * counts against its own clock, so a skew between server and browser clocks does not matter.
 */
export function useCountdown(seconds: number, key: string | number): number {
  const [state, setState] = useState({ key, left: seconds })
  if (state.key !== key) setState({ key, left: seconds })

  useEffect(() => {
    if (seconds <= 0) return
    const startedAt = Date.now()
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000))
      setState((previous) => (previous.key === key ? { key, left } : previous))
      if (left === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [key, seconds])

  return state.key === key ? state.left : seconds
}
