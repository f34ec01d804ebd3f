import bidiFactory from 'bidi-js'

/**
 * Persian lines for pdfkit, which lays a string out as one run and leaves its order to fontkit:
 * fontkit shapes Persian letters and turns an Arabic-script run right to left, but it takes
 * Persian digits (Arabic script too) for right-to-left text and reverses them, and it does not
 * order Latin words and numbers inside a Persian sentence. So a line is cut into the runs of the
 * Unicode bidirectional algorithm (bidi-js), put in visual order here, and each run is handed to
 * pdfkit in the direction fontkit will draw it correctly.
 */

const bidi = bidiFactory()

/** One piece of a line, left to right as it is drawn. */
export interface VisualRun {
  text: string
  rtl: boolean
}

/** Letters fontkit takes as Arabic script, so lays out right to left. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/

/**
 * The runs of one line, in the order they are drawn (left first): a right-to-left paragraph, or
 * (`ltr`) a left-to-right value such as a web address inside one.
 */
export function visualRuns(line: string, base: 'rtl' | 'ltr' = 'rtl'): VisualRun[] {
  if (!line) return []
  const { levels } = bidi.getEmbeddingLevels(line, base)
  const mirrored = bidi.getMirroredCharactersMap(line, levels)
  // By UTF-16 unit, as the levels are.
  const chars = line.split('').map((char, i) => mirrored.get(i) ?? char)
  // Runs of one level, in logical order…
  const runs: Array<{ text: string; level: number }> = []
  for (let i = 0; i < chars.length; i++) {
    const level = levels[i] ?? 1
    const last = runs.at(-1)
    if (last && last.level === level) last.text += chars[i]
    else runs.push({ text: chars[i] ?? '', level })
  }
  // …then reordered (rule L2): from the highest level down to the lowest odd one, every
  // stretch of runs at that level or above is reversed.
  const highest = Math.max(...runs.map((run) => run.level))
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 ? run.level : run.level + 1)))
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue
      let end = start
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse())
      start = end
    }
  }
  return runs.flatMap(({ text, level }) => drawable(text, level % 2 === 1))
}

/**
 * A run as fontkit draws it right. A right-to-left run goes word by word, words and spaces in
 * reverse (fontkit drops the gap of a space inside a right-to-left run), and a word without
 * Persian letters (a bracket) reversed here, since fontkit would lay it out left to right. A
 * left-to-right run gives each Arabic-script character (a Persian digit, the Persian separators)
 * a run of its own, since fontkit would reverse them.
 */
function drawable(text: string, rtl: boolean): VisualRun[] {
  if (rtl) {
    return text
      .split(/( +)/)
      .filter(Boolean)
      .reverse()
      .map((word) => ({
        text: ARABIC_SCRIPT.test(word) ? word : [...word].reverse().join(''),
        rtl,
      }))
  }
  const pieces: VisualRun[] = []
  for (const char of text) {
    const last = pieces.at(-1)
    if (!ARABIC_SCRIPT.test(char) && last && !ARABIC_SCRIPT.test(last.text)) last.text += char
    else pieces.push({ text: char, rtl: false })
  }
  return pieces
}

/** Breaks a paragraph into lines no wider than `width`, at spaces where it can. */
export function wrapLines(
  text: string,
  width: number,
  widthOf: (text: string) => number,
): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (widthOf(candidate) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = ''
    // A word wider than the line (a long address) is cut where it must be.
    let rest = word
    while (widthOf(rest) > width && rest.length > 1) {
      let cut = rest.length - 1
      while (cut > 1 && widthOf(rest.slice(0, cut)) > width) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines
}
