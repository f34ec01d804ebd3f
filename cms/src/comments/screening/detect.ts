import { collapseRepeats, readText, type ReadText } from './normalise'
import type { PhraseReason, PhraseRule } from './rules'
import { REASON_NAMES } from './reason-names'

/**
 * What in a comment sends it to a moderator: a way to reach someone off the site (a link, a
 * phone number, a messenger or a handle), a card-like number, or a request for a secret. Each
 * finding names its reason and what matched, which the moderator sees.
 */

export type FindingReason =
  PhraseReason | 'link' | 'handle' | 'phone' | 'card-number' | 'near-duplicate'

export interface Finding {
  reason: FindingReason
  /** What matched (a phrase, a link), for the moderator. */
  match: string
}

// --- links ---------------------------------------------------------------------------------------

// Common and cheap top-level domains, the ones spam links use.
const TLDS = [
  'com',
  'net',
  'org',
  'ir',
  'me',
  'io',
  'co',
  'info',
  'biz',
  'xyz',
  'top',
  'site',
  'online',
  'app',
  'link',
  'ly',
  'gl',
  'to',
  'ws',
  'cc',
  'shop',
  'store',
  'club',
  'live',
  'pro',
  'ai',
  'us',
  'uk',
  'de',
  'ru',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'click',
  'space',
  'tech',
  'website',
  'cloud',
  'fun',
  'icu',
  'vip',
  'one',
  'page',
  'dev',
  'chat',
  'life',
  'world',
  'news',
  'blog',
  'email',
  'tv',
  'in',
  'gg',
  'ae',
  'tr',
]

// A dot, or one written so a filter would miss it: « . », [.], (dot), « dot », « نقطه ».
const DOT = String.raw`(?:[.。·]|\s+[.。·]\s+|\s*[\[(]\s*(?:[.]|dot|نقطه|دات)\s*[\])]\s*|\s+(?:dot|نقطه|دات)\s+)`
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`
const DOMAIN = new RegExp(
  // At most six labels before the last: enough for any real host, and it keeps the search
  // linear on a 2 000-character «a.a.a.a…».
  String.raw`(?<![\p{L}\p{N}])${LABEL}(?:${DOT}${LABEL}){0,6}${DOT}(?:${TLDS.join('|')})(?![\p{L}\p{N}])`,
  'u',
)
const SCHEME = /(?<![\p{L}\p{N}])[a-z][a-z0-9+.-]{0,20}\s*:\s*\/\s*\//u
const WWW = /(?<![\p{L}\p{N}])www\s*[.。]/u

function findLink(folded: string): string | null {
  for (const pattern of [SCHEME, WWW, DOMAIN]) {
    const match = pattern.exec(folded)
    if (match) return match[0].trim()
  }
  return null
}

// One link however written: a scheme with its host, a host alone, or a scheme alone.
const ANY_LINK = new RegExp(
  `(?:${SCHEME.source}\\s*)?${DOMAIN.source}|${SCHEME.source}|${WWW.source}`,
  'gu',
)

/** How many links (of any written form) the text holds. */
export function countLinks(text: string): number {
  return readText(text).folded.match(ANY_LINK)?.length ?? 0
}

// --- handles -------------------------------------------------------------------------------------

// @name as Telegram and Instagram write it (not the @ inside an email address).
const HANDLE = /(?<![\p{L}\p{N}_.])@\s?[a-z0-9_](?:[a-z0-9_.]{2,31})/u

// --- numbers -------------------------------------------------------------------------------------

// Digits with up to three separators of any kind between them (0912-123-4567, 6037 9912…,
// a number broken over lines).
const DIGIT_RUN = /\d(?:[^\p{L}\p{N}]{0,3}\d)*/gu
// A Latin o among digits is a zero (O912…).
const O_AMONG_DIGITS =
  /(?<=\d[^\p{L}\p{N}]{0,3})o(?=[^\p{L}\p{N}]{0,3}\d)|(?<![\p{L}\p{N}])o(?=\d)/gu

const DIGIT_WORDS: Record<string, string> = {
  صفر: '0',
  یک: '1',
  دو: '2',
  سه: '3',
  چهار: '4',
  پنج: '5',
  شش: '6',
  هفت: '7',
  هشت: '8',
  نه: '9',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
}

// An amount written with thousands separators (9,500,000,000 rials) is not a phone number.
const AMOUNT = /^\d{1,3}(?:[,٬']\d{3})+$/

/** A number as a reader could take it from the text. */
interface NumberSeen {
  digits: string
  /** Written in parts (912 123 4567), or spelled out: it was meant to be read as a number. */
  grouped: boolean
  /** Written after a `+` (+98 912…). */
  plus: boolean
}

/**
 * The numbers a reader could take from the text: each run of digit groups, and every stretch of
 * neighbouring groups in it (a phone number with a random code after it, «۰۲۱-۸۸۷۷۶۶۵۵ 2cf7»,
 * is still the phone number), and a number spelled out word by word (صفر نه یک دو…).
 */
function numbersIn(read: ReadText): NumberSeen[] {
  const numbers: NumberSeen[] = []
  const text = read.folded.replace(O_AMONG_DIGITS, '0')
  for (const match of text.matchAll(DIGIT_RUN)) {
    const run = match[0]
    if (AMOUNT.test(run)) continue
    const plus = /\+\s?$/.test(text.slice(Math.max(0, match.index - 2), match.index))
    const groups = run.split(/\D+/)
    for (let start = 0; start < groups.length; start++) {
      let digits = ''
      // Up to the longest card number: longer stretches only repeat what their parts say.
      for (let end = start; end < groups.length && digits.length < 19; end++) {
        digits += groups[end]
        numbers.push({ digits, grouped: end > start, plus: plus && start === 0 })
      }
    }
  }
  let spelled = ''
  for (const word of [...read.words, '']) {
    const digit = DIGIT_WORDS[word]
    if (digit !== undefined) spelled += digit
    else {
      if (spelled.length >= 7) numbers.push({ digits: spelled, grouped: true, plus: false })
      spelled = ''
    }
  }
  return numbers
}

// An Iranian number: 09… / 0xx… as people write them at home, 0098… from abroad. A bare
// 98… or 9… without its 0 is read as a phone only when written like one (+98, or in parts):
// a tracking code of twelve digits can start with 98.
const DOMESTIC = /^(?:0098|0)(?:9\d{9}|[1-8]\d{9})$/
const INTERNATIONAL = /^98(?:9\d{9}|[1-8]\d{9})$/
const BARE_MOBILE = /^9\d{9}$/

function classifyNumber({ digits, grouped, plus }: NumberSeen): 'phone' | 'card-number' | null {
  if (DOMESTIC.test(digits)) return 'phone'
  if (INTERNATIONAL.test(digits) && (plus || grouped)) return 'phone'
  if (BARE_MOBILE.test(digits) && grouped) return 'phone'
  // Card numbers are 16 digits (15–19 elsewhere); longer ones are account numbers and IBANs.
  if (digits.length >= 15) return 'card-number'
  return null
}

// --- phrases -------------------------------------------------------------------------------------

interface CompiledPhrase extends PhraseRule {
  compact: string
  /** Short or Latin phrases must be whole words (or words split apart), not part of one. */
  wholeWords: boolean
}

const compiledCache = new Map<string, CompiledPhrase | null>()

/** A phrase ready to match; null when it is too short to mean anything (fewer than 3 letters). */
export function compilePhrase(rule: PhraseRule): CompiledPhrase | null {
  const key = `${rule.reason}\u0000${rule.phrase}`
  const cached = compiledCache.get(key)
  if (cached !== undefined) return cached
  const { compact } = readText(rule.phrase)
  const latin = /^[a-z0-9]+$/.test(compact)
  const compiled =
    [...compact].length < 3
      ? null
      : { ...rule, compact, wholeWords: latin || [...compact].length < 5 }
  if (compiledCache.size > 5_000) compiledCache.clear()
  compiledCache.set(key, compiled)
  return compiled
}

function phraseMatches(read: ReadText, collapsed: readonly string[], phrase: CompiledPhrase) {
  if (!phrase.wholeWords) return read.compact.includes(phrase.compact)
  // Words in a row that together spell the phrase: «cvv», «c v v», «پی وی», «tele gram».
  const latinLong = /^[a-z]+$/.test(phrase.compact) && phrase.compact.length >= 6
  for (let start = 0; start < collapsed.length; start++) {
    const first = collapsed[start] as string
    // A long Latin name glued to more (telegramsupport) still names the messenger.
    if (latinLong && first.startsWith(phrase.compact)) return true
    if (!phrase.compact.startsWith(first)) continue
    let joined = ''
    for (let end = start; end < collapsed.length && end < start + 6; end++) {
      joined = collapseRepeats(joined + collapsed[end])
      if (joined === phrase.compact) return true
      if (latinLong && joined.startsWith(phrase.compact)) return true
      if (joined.length >= phrase.compact.length) break
    }
  }
  return false
}

// --- all of it -----------------------------------------------------------------------------------

/** Every reason this text should wait for a moderator (empty when none). */
export function findRisks(text: string, phrases: readonly PhraseRule[]): Finding[] {
  const read = readText(text)
  const findings: Finding[] = []
  const link = findLink(read.folded)
  if (link) findings.push({ reason: 'link', match: link })
  const handle = HANDLE.exec(read.folded)
  if (handle) findings.push({ reason: 'handle', match: handle[0] })
  for (const number of numbersIn(read)) {
    const kind = classifyNumber(number)
    // The number itself stays in the comment; the reason only says what kind it is.
    if (kind && !findings.some((f) => f.reason === kind)) findings.push({ reason: kind, match: '' })
  }
  const collapsed = read.words.map(collapseRepeats)
  for (const rule of phrases) {
    const phrase = compilePhrase(rule)
    if (phrase && phraseMatches(read, collapsed, phrase)) {
      findings.push({ reason: rule.reason, match: rule.phrase })
    }
  }
  return findings
}

/**
 * The findings as one line for the moderator, each reason by its Persian name (a reason without
 * one does not compile): «درخواست رمز، کارت یا کد تأیید: رمز دوم؛ پیوند: t.me/x».
 */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(({ reason, match }) =>
      match ? `${REASON_NAMES[reason]}: ${match}` : REASON_NAMES[reason],
    )
    .join('؛ ')
    .slice(0, 1_000)
}
