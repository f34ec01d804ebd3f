/**
 * One way to read a comment however it was typed, so that a rule written once («رمز دوم») also
 * matches «رمز‌دوم», «رمـــز دوم», «ر م ز د و م», «رمز دوم» with Arabic ي/ك, and a number in
 * Persian, Arabic or Latin digits, fullwidth, circled or with dots between the digits.
 */

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹'
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩'

/** Letters that look or sound the same to a reader, folded to the Persian (or Latin) one. */
const LETTER_FOLDS: Record<string, string> = {
  // Arabic and other Perso-Arabic letter forms → Persian.
  '\u064a': 'ی', // ي
  '\u0649': 'ی', // ى
  '\u06d0': 'ی', // ې
  '\u06ce': 'ی', // ێ
  '\u06cd': 'ی', // ۍ
  '\u06d2': 'ی', // ے
  '\u0643': 'ک', // ك
  '\u06aa': 'ک', // ڪ
  '\u06ab': 'ک', // ګ
  '\u0629': 'ه', // ة
  '\u06d5': 'ه', // ە
  '\u06be': 'ه', // ھ
  '\u06c1': 'ه', // ہ
  '\u0671': 'ا', // ٱ
  '\u06c6': 'و', // ۆ
  '\u06c7': 'و', // ۇ
  '\u06c8': 'و', // ۈ
  '\u06cb': 'و', // ۋ
  // Cyrillic and Greek letters that pass for Latin ones (t.mе with a Cyrillic е).
  '\u0430': 'a',
  '\u0435': 'e',
  '\u043e': 'o',
  '\u0440': 'p',
  '\u0441': 'c',
  '\u0445': 'x',
  '\u0443': 'y',
  '\u0456': 'i',
  '\u0458': 'j',
  '\u0455': 's',
  '\u0501': 'd',
  '\u043a': 'k',
  '\u043c': 'm',
  '\u0442': 't',
  '\u043d': 'h',
  '\u0432': 'b',
  '\u03bf': 'o',
  '\u03b1': 'a',
  '\u03bd': 'v',
  '\u03c4': 't',
  '\u03b9': 'i',
  '\u03ba': 'k',
  '\u03c1': 'p',
  '\u03b5': 'e',
  '\u0261': 'g',
}

/**
 * The text with letter variants folded, digits in Latin, marks (harakat, accents, variation
 * selectors) and invisible characters removed, ZWNJ after a Persian letter as a space, lowercase. Punctuation stays:
 * links, handles and phone numbers are read from this.
 */
export function foldText(text: string): string {
  let folded = ''
  // NFKD first: fullwidth and circled letters and digits become plain ones, and a letter with a
  // hamza or a madda (أ إ آ ؤ ئ) becomes the bare letter plus a mark, which is dropped below.
  // Lower case first, so that capital look-alikes (Cyrillic Р, У) fold as their small letters.
  for (const char of text.normalize('NFKD').toLowerCase()) {
    const persian = PERSIAN_DIGITS.indexOf(char)
    const arabic = ARABIC_DIGITS.indexOf(char)
    if (persian >= 0) folded += String(persian)
    else if (arabic >= 0) folded += String(arabic)
    // ZWNJ separates the parts of a Persian word (می‌خواهم): a space there. Anywhere else it
    // has no use but to split a word that a rule would match, so it goes.
    else if (char === '\u200c') folded += /\p{Script=Arabic}$/u.test(folded) ? ' ' : ''
    else if (char === '\u0640')
      continue // tatweel (رمـــز)
    else if (/\s/u.test(char)) folded += char === '\n' ? '\n' : ' '
    else if (/\p{M}|\p{Cf}|\p{Cc}/u.test(char)) continue
    else folded += LETTER_FOLDS[char] ?? char
  }
  return folded.replace(/[^\S\n]+/gu, ' ')
}

/**
 * The words of a folded text (letters and digits; everything else separates), with runs of
 * single characters joined back: «ر م ز د و م» → «رمزدوم», «t . m e» → «tme». A single
 * letter between words («من و تو») stays a word of its own; a run stops where the script
 * changes or at a `/`, `@`, `:` or line break («t . m e / a r z» → «tme», «arz»).
 */
export function wordsOf(folded: string): string[] {
  const tokens = folded.match(/[\p{L}\p{N}]+|[/@:\n]/gu) ?? []
  const words: string[] = []
  let run: string[] = []
  const flush = () => {
    if (run.length >= 2) words.push(run.join(''))
    else words.push(...run)
    run = []
  }
  const latin = (char: string) => /[a-z0-9]/.test(char)
  for (const token of tokens) {
    if (/^[/@:\n]$/.test(token)) flush()
    else if ([...token].length === 1) {
      if (run.length && latin(run[0] as string) !== latin(token)) flush()
      run.push(token)
    } else {
      flush()
      words.push(token)
    }
  }
  flush()
  return words
}

/** Repeated characters once: «رمززززدوم» reads «رمزدوم», «cvvv» reads «cv». */
export function collapseRepeats(text: string): string {
  return text.replace(/(.)\1+/gu, '$1')
}

/** Letters and digits only, repeated characters once: «رمززززدوم» and «رمز دوم» read the same. */
export function compactOf(words: readonly string[]): string {
  return collapseRepeats(words.join(''))
}

/** The three readings of one comment that the rules look at. */
export interface ReadText {
  folded: string
  words: string[]
  /** The words joined with single spaces, padded with one on each side (for whole-word search). */
  spaced: string
  compact: string
}

export function readText(text: string): ReadText {
  const folded = foldText(text)
  const words = wordsOf(folded)
  return { folded, words, spaced: ` ${words.join(' ')} `, compact: compactOf(words) }
}
