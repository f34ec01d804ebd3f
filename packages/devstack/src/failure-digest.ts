/**
 * The few lines that say why a test run failed, picked from the end of its output: which tests
 * failed (Playwright's numbered titles, vitest's FAIL lines), the errors, and what an assertion
 * received. A CI log cut to its tail keeps the summary, so the summary carries these.
 */

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g')

/** What marks a line worth keeping: a failed test's title, an error, a received value. */
const TELLING = [
  /^\s*\d+\) \[[^\]]+\] › /, // Playwright: "  1) [chromium] › e2e/x.spec.ts:10:1 › title"
  /^\s*(FAIL|×)\s+\S/, // vitest: " FAIL  src/x.test.ts > suite > test"
  /^\s*(\w*Error|error TS\d+)\b[:\s]/, // "Error: …", "AssertionError: …", tsc's "error TS2322: …"
  /^\s*\+ {2,}\S/, // the received side of an equality's diff
]

export const DIGEST_LINES = 16
const LINE_WIDTH = 240

/** The last `size` complete lines of a stream, fed chunk by chunk, and the line still open. */
export class LineTail {
  private readonly kept: string[] = []
  private partial = ''

  constructor(private readonly size: number) {}

  push(chunk: Buffer | string): void {
    const pieces = (this.partial + chunk.toString()).split('\n')
    this.partial = pieces.pop() ?? ''
    this.kept.push(...pieces)
    if (this.kept.length > this.size) this.kept.splice(0, this.kept.length - this.size)
  }

  lines(): string[] {
    return this.partial ? [...this.kept, this.partial] : [...this.kept]
  }
}

/** At most DIGEST_LINES telling lines, first failure first, each once and cut to a line's width. */
export function failureDigest(lines: string[]): string[] {
  const picked: string[] = []
  for (const raw of lines) {
    const line = raw.replace(ANSI, '').trimEnd()
    if (!TELLING.some((pattern) => pattern.test(line))) continue
    const short = line.trim().slice(0, LINE_WIDTH)
    if (picked.includes(short)) continue
    picked.push(short)
    if (picked.length === DIGEST_LINES) break
  }
  return picked.length > 0 ? picked : ['(no failure line recognised; the log above has the run)']
}
