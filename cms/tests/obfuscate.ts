/**
 * The ways a spammer disguises a comment so that a word filter misses it while a reader still
 * reads it: Arabic letter forms, other digit scripts, invisible characters, tatweel, harakat,
 * letters spaced or dotted apart, look-alike Latin letters, fullwidth letters, repeated letters,
 * dotted links, a random suffix. Each transform keeps what a reader sees; screening must hold the
 * result as it holds the original (tests/comment-screening.test.ts, test-corpus/).
 */

export type Random = () => number

/** A small seeded PRNG (mulberry32), so a generated obfuscation can be replayed from its seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

const PERSIAN_LETTER = /[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]/
const isPersianLetter = (char: string | undefined) => !!char && PERSIAN_LETTER.test(char)

/** Applies `insert` between characters where `where(before, after)` says, at random. */
function between(
  text: string,
  random: Random,
  where: (before: string, after: string) => boolean,
  insert: () => string,
  chance = 0.35,
): string {
  const chars = [...text]
  let out = chars[0] ?? ''
  for (let i = 1; i < chars.length; i++) {
    const before = chars[i - 1] as string
    const after = chars[i] as string
    if (where(before, after) && random() < chance) out += insert()
    out += after
  }
  return out
}

const DIGITS = {
  latin: '0123456789',
  persian: '۰۱۲۳۴۵۶۷۸۹',
  arabic: '٠١٢٣٤٥٦٧٨٩',
  fullwidth: '０１２３４５６７８９',
}

function digitValue(char: string): number {
  for (const set of Object.values(DIGITS)) {
    const at = [...set].indexOf(char)
    if (at >= 0) return at
  }
  return -1
}

function toDigits(text: string, script: keyof typeof DIGITS): string {
  const target = [...DIGITS[script]]
  return [...text].map((char) => (digitValue(char) >= 0 ? target[digitValue(char)] : char)).join('')
}

/** Words of the text (runs of letters), with their positions. */
function wordSpans(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/[\p{L}]{2,}/gu)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }))
}

function rewriteOneWord(text: string, random: Random, rewrite: (word: string) => string): string {
  const spans = wordSpans(text)
  if (spans.length === 0) return text
  const { start, end } = pick(random, spans)
  return text.slice(0, start) + rewrite(text.slice(start, end)) + text.slice(end)
}

const CYRILLIC: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у' }

export const TRANSFORMS = {
  'arabic-letters': (text: string) =>
    text
      .replace(/ی/g, 'ي')
      .replace(/ک/g, 'ك')
      .replace(/ه(?=\s|$)/g, 'ة'),
  'persian-digits': (text: string) => toDigits(text, 'persian'),
  'arabic-digits': (text: string) => toDigits(text, 'arabic'),
  'latin-digits': (text: string) => toDigits(text, 'latin'),
  'fullwidth-digits': (text: string) => toDigits(text, 'fullwidth'),
  'zwnj-inside-words': (text: string, random: Random) =>
    between(
      text,
      random,
      (a, b) => isPersianLetter(a) && isPersianLetter(b),
      () => '\u200c',
    ),
  'zero-width': (text: string, random: Random) =>
    between(
      text,
      random,
      (a, b) => /\S/.test(a) && /\S/.test(b),
      () => pick(random, ['\u200b', '\u200d', '\u2060', '\u00ad', '\ufeff', '\u200e', '\u061c']),
      0.2,
    ),
  tatweel: (text: string, random: Random) =>
    between(
      text,
      random,
      (a, b) => isPersianLetter(a) && isPersianLetter(b),
      () => '\u0640'.repeat(1 + Math.floor(random() * 4)),
    ),
  harakat: (text: string, random: Random) =>
    between(
      text,
      random,
      (a) => isPersianLetter(a),
      () => pick(random, ['\u064e', '\u0650', '\u064f', '\u0651', '\u0652']),
    ),
  'spaced-letters': (text: string, random: Random) =>
    rewriteOneWord(text, random, (word) => [...word].join(' ')),
  'dotted-letters': (text: string, random: Random) =>
    rewriteOneWord(text, random, (word) => [...word].join(pick(random, ['.', '-', '_', '*']))),
  'spaced-digits': (text: string, random: Random) =>
    between(
      text,
      random,
      (a, b) => digitValue(a) >= 0 && digitValue(b) >= 0,
      () => pick(random, [' ', '-', '.', ' - ']),
      0.5,
    ),
  'repeated-letter': (text: string, random: Random) =>
    rewriteOneWord(text, random, (word) => {
      const chars = [...word]
      const at = Math.floor(random() * chars.length)
      chars[at] = (chars[at] as string).repeat(2 + Math.floor(random() * 3))
      return chars.join('')
    }),
  'look-alike-latin': (text: string) => text.replace(/[aeopcxy]/g, (c) => CYRILLIC[c] ?? c),
  'fullwidth-latin': (text: string) =>
    text.replace(/[a-z]/gi, (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)),
  'dotted-links': (text: string, random: Random) =>
    text.replace(/(?<=[a-z0-9])\.(?=[a-z])/gi, () =>
      pick(random, [' . ', '[.]', '(dot)', ' dot ', ' نقطه ']),
    ),
  'upper-case': (text: string) => text.toUpperCase(),
  'line-breaks': (text: string, random: Random) =>
    text.replace(/ /g, () => (random() < 0.3 ? '\n' : ' ')),
  'random-suffix': (text: string, random: Random) =>
    `${text} ${Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick(random, [...'abcdefghijkmnpqrstuvwxyz23456789'])).join('')}`,
} satisfies Record<string, (text: string, random: Random) => string>

export type TransformName = keyof typeof TRANSFORMS
export const TRANSFORM_NAMES = Object.keys(TRANSFORMS) as TransformName[]

/** `text` disguised by `names` in order, with randomness from `seed`. */
export function obfuscate(text: string, names: readonly TransformName[], seed: number): string {
  const random = seededRandom(seed)
  return names.reduce((out, name) => TRANSFORMS[name](out, random), text)
}
