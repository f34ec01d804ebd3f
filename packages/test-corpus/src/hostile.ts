import fc from 'fast-check'
import { naughtyStrings } from './naughty-strings.ts'

/**
 * Hostile values that fit any text field, shared by every fuzz suite (payments-service's
 * generated requests, web's form fuzz in tests/e2e): control and bidi characters, lone
 * surrogates, numbers that overflow or round, Persian and Arabic digits, very long strings and
 * the naughty strings. What a value is wrapped in (JSON, a form, a header) is each suite's own
 * business; these are only the leaves (ADR 018).
 */

const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d)

/** Latin digits written in Persian or Arabic script, as customers' keyboards type them. */
export const inScript = (text: string, script: 'latin' | 'persian' | 'arabic') =>
  script === 'persian' ? persianDigits(text) : script === 'arabic' ? arabicDigits(text) : text

/** Single characters and short strings that have broken parsers, columns and screens. */
export const HOSTILE_FRAGMENTS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\r\n',
  '\t',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u{10ffff}',
  '\u{1f4a9}',
  '%00',
  '%',
  '%ff',
  '../',
  '\\',
  '"',
  "'",
  '<script>',
  '${7*7}',
  '__proto__',
]

/** Numbers as text: the shapes that overflow, round or parse differently. */
export const NUMERIC_TEXTS = [
  '-0',
  '0',
  '-1',
  '1e21',
  '1e-7',
  '0x10',
  '0b1',
  '1_000',
  'NaN',
  'Infinity',
  '-Infinity',
  '123456789012345',
  '999999999999999',
  '9007199254740993',
  '9'.repeat(300),
  `0.${'0'.repeat(299)}1`,
  '8000000000',
  '8000000000.99',
  '50.001',
  '50,5',
  '۵۰٫۵',
  '٥٠',
  ' 50 ',
  '+50',
]

const digitsOfLength = fc
  .integer({ min: 1, max: 20 })
  .chain((length) =>
    fc
      .array(fc.constantFrom(...'0123456789'), { minLength: length, maxLength: length })
      .map((d) => d.join('')),
  )

/** Numbers as text, in Latin, Persian or Arabic digits. */
export const numericText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constantFrom(...NUMERIC_TEXTS), digitsOfLength),
    fc.constantFrom('latin' as const, 'persian' as const, 'arabic' as const),
  )
  .map(([text, script]) => inScript(text, script))

/** The Big List of Naughty Strings, one more source (the vendored file unless replaced). */
let corpus: string[] = naughtyStrings()
export function useCorpus(strings: string[]) {
  if (strings.length > 0) corpus = strings
}
export const corpusString: fc.Arbitrary<string> = fc
  .nat()
  .map((i) => corpus[i % corpus.length] ?? '')

/** `fragment` put into `text` at a position derived from `at`. */
export const insertAt = (text: string, fragment: string, at: number) => {
  const position = text.length === 0 ? 0 : at % (text.length + 1)
  return `${text.slice(0, position)}${fragment}${text.slice(position)}`
}

/** Very long text: past any column, a page's layout and some parsers' limits. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(5_000, 70_000, 300_000), fc.constantFrom('x', 'ش', '\u200b', '۹'))
  .map(([length, unit]) => unit.repeat(length))

/** Hostile text: fragments alone or inside ordinary text, numbers, very long strings. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.array(fc.constantFrom(...HOSTILE_FRAGMENTS), { minLength: 1, maxLength: 3 }),
        fc.nat(),
      )
      .map(([text, fragments, at]) => insertAt(text, fragments.join(''), at)),
  },
  { weight: 3, arbitrary: numericText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: corpusString },
)

/** A valid text with a hostile fragment inside it, so it keeps the look of the right thing. */
export const spoiledText = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(valid, fc.constantFrom(...HOSTILE_FRAGMENTS), fc.nat())
    .map(([value, fragment, at]) => insertAt(value, fragment, at))

/**
 * Percent-encoding that keeps what encodeURIComponent refuses: a lone surrogate becomes its
 * three WTF-8 bytes (invalid UTF-8 on the wire), as a hostile client would send it.
 */
export function percentEncode(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i += 1
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    } else out += encodeURIComponent(text[i] ?? '')
  }
  return out
}
