import { describe, expect, it } from 'vitest'
import { isValidPhone, maskPhone, normalizePhone, phoneSchema } from './phone.ts'

describe('phone', () => {
  it.each([
    ['09123456789', '09123456789'],
    ['۰۹۱۲۳۴۵۶۷۸۹', '09123456789'],
    ['+989123456789', '09123456789'],
    ['00989123456789', '09123456789'],
    ['989123456789', '09123456789'],
    ['9123456789', '09123456789'],
    ['0912 345 6789', '09123456789'],
  ])('normalises %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected)
    expect(isValidPhone(input)).toBe(true)
  })

  it.each(['', '0912345678', '091234567890', '08123456789', 'abc', '۰۹۱۲'])('refuses %j', (bad) => {
    expect(isValidPhone(bad)).toBe(false)
    const result = phoneSchema().safeParse(bad)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('شماره تلفن صحیح نمیباشد')
  })

  it('uses the message it is given (forgot-password mode has its own)', () => {
    const result = phoneSchema('شماره تلفن صحیح نیست').safeParse('123')
    expect(result.error?.issues[0]?.message).toBe('شماره تلفن صحیح نیست')
  })

  it('masks the middle of a number', () => {
    expect(maskPhone('09123456789')).toBe('0912***6789')
    expect(maskPhone('nonsense')).toBe('***')
  })
})
