import { toPersianDigits } from '@arzpol/contracts/digits'
import { useEffect, useState } from 'react'

/** 125 → "۲:۰۵" (the resend countdown is shown as m:ss). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds))
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return toPersianDigits(text)
}

/**
 * 898 → "۱۴ دقیقه و ۵۸ ثانیه": a time left, in words, where "۱۴:۵۸" would read as a clock
 * time ("until 14:58").
 */
export function formatTimeLeft(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds))
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  const parts = [
    minutes > 0 ? `${minutes} دقیقه` : null,
    rest > 0 || minutes === 0 ? `${rest} ثانیه` : null,
  ].filter(Boolean)
  return toPersianDigits(parts.join(' و '))
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
