import { describe, expect, it } from 'vitest'
import { formatCountdown, formatTimeLeft } from './countdown.ts'

describe('time left, as the customer reads it', () => {
  it('in words, which cannot be read as a clock time', () => {
    expect(formatTimeLeft(898)).toBe('۱۴ دقیقه و ۵۸ ثانیه')
    expect(formatTimeLeft(900)).toBe('۱۵ دقیقه')
    expect(formatTimeLeft(59.2)).toBe('۱ دقیقه')
    expect(formatTimeLeft(7)).toBe('۷ ثانیه')
    expect(formatTimeLeft(0)).toBe('۰ ثانیه')
    expect(formatTimeLeft(-5)).toBe('۰ ثانیه')
  })

  it('the resend countdown keeps its m:ss', () => {
    expect(formatCountdown(125)).toBe('۲:۰۵')
  })
})
