import { describe, expect, it } from 'vitest'
import { bearerMatches } from './bearer.ts'

describe('bearerMatches', () => {
  it('accepts only the exact token after Bearer', () => {
    expect(bearerMatches('Bearer abc', 'abc')).toBe(true)
    expect(bearerMatches('bearer abc', 'abc')).toBe(true)
    expect(bearerMatches('Bearer abcd', 'abc')).toBe(false)
    expect(bearerMatches('Basic abc', 'abc')).toBe(false)
    expect(bearerMatches('', 'abc')).toBe(false)
  })
})
