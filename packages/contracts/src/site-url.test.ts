import { describe, expect, it } from 'vitest'
import { MAX_SITE_URL_LENGTH, normalizeSiteUrl } from './site-url.ts'

describe('normalizeSiteUrl', () => {
  it.each([
    ['ets.org', 'https://ets.org/'],
    ['  https://www.ets.org/register  ', 'https://www.ets.org/register'],
    ['http://example.com', 'http://example.com/'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSiteUrl(input)).toBe(expected)
  })

  it.each(['', '   ', 'not a url', 'localhost', 'ftp://example.com', 'javascript:alert(1)'])(
    'refuses %j',
    (input) => {
      expect(normalizeSiteUrl(input)).toBeNull()
    },
  )

  it(`refuses an address longer than ${MAX_SITE_URL_LENGTH} characters`, () => {
    const long = `example.com/${'a'.repeat(MAX_SITE_URL_LENGTH)}`
    expect(normalizeSiteUrl(long)).toBeNull()
  })
})
