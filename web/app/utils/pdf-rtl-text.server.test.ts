import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { visualRuns, wrapLines } from './pdf-rtl-text.server.ts'

/** The line as drawn, left to right, each run's text between bars. */
const drawn = (line: string, base?: 'rtl' | 'ltr') =>
  visualRuns(line, base)
    .map((run) => run.text)
    .join('|')

describe('visualRuns', () => {
  it('puts Persian words right to left, one run each, and spaces between them', () => {
    expect(drawn('رسید رسمی پرداخت')).toBe('پرداخت| |رسمی| |رسید')
  })

  it('keeps a number left to right inside Persian, one Persian digit a run', () => {
    expect(drawn('شماره سفارش ۱٬۲۳۴')).toBe('۱|٬|۲|۳|۴| |سفارش| |شماره')
    expect(drawn('۱۴۰۵/۰۹/۰۸ ساعت ۱۳:۳۰')).toBe('۱|۳|:|۳|۰| |ساعت| |۱|۴|۰|۵|/|۰|۹|/|۰|۸')
  })

  it('keeps Latin words and addresses whole and in their order', () => {
    expect(drawn('https://www.ets.org/toefl', 'ltr')).toBe('https://www.ets.org/toefl')
    expect(drawn('پرداخت به PayPal Inc')).toBe('PayPal Inc| |به| |پرداخت')
  })

  it('mirrors brackets inside right-to-left text', () => {
    // The closing bracket joins the word before it; fontkit draws the pair in its place.
    expect(drawn('۵ تومان (۵۰ ریال)')).toBe('ریال(| |۵|۰|)| |تومان| |۵')
  })

  it('loses and invents no character, whatever the mix', () => {
    const pieces = fc.constantFrom(
      'سارا',
      'محمدی',
      'تومان',
      '۱۲۳',
      '٬',
      'USD',
      'https://a.example/x?y=1',
      ' ',
      '(',
      ')',
      '«',
      '»',
      '-',
      '.',
      'é',
      '\u200c',
    )
    // A bracket may come out mirrored (inside right-to-left text): counted as its pair.
    const pair: Record<string, string> = { ')': '(', '»': '«' }
    const sorted = (text: string) =>
      [...text]
        .map((char) => pair[char] ?? char)
        .sort()
        .join('')
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.boolean(), (parts, ltr) => {
        const line = parts.join('')
        const out = visualRuns(line, ltr ? 'ltr' : 'rtl')
          .map((run) => run.text)
          .join('')
        expect(sorted(out)).toBe(sorted(line))
      }),
    )
  })
})

describe('wrapLines', () => {
  const widthOf = (text: string) => text.length
  it('breaks at spaces, and cuts a word longer than the line', () => {
    expect(wrapLines('یک دو سه چهار', 7, widthOf)).toEqual(['یک دو', 'سه چهار'])
    expect(wrapLines('https://example.com/a/very/long/path', 12, widthOf)).toEqual([
      'https://exam',
      'ple.com/a/ve',
      'ry/long/path',
    ])
  })
})
