import { describe, expect, it } from 'vitest'
import { DIGEST_LINES, failureDigest, LineTail } from './failure-digest.ts'

const playwrightRun = [
  'Running 3 tests using 2 workers',
  '  ✓  1 [chromium] › e2e/a.spec.ts:3:1 › passes (2.1s)',
  '  ✘  2 [chromium] › e2e/fuzz.spec.ts:10:1 › generated posts (3.0m)',
  '',
  '  1) [chromium] › e2e/fuzz.spec.ts:10:1 › generated posts ────────',
  '',
  '    Error: 1 failed posts; replay with FUZZ_SEED=7 FUZZ_RUNS=40',
  '',
  '    expect(received).toEqual(expected) // deep equality',
  '',
  '    - Expected  - 1',
  '    + Received  + 4',
  '',
  '    - Array []',
  '    + Array [',
  '    +   "/dashboard/orders/N [pay] → 500: answered 500",',
  '    + ]',
  '',
  '      at /repo/tests/e2e/fuzz.spec.ts:200:3',
  '',
  '  1 failed',
]

describe('failureDigest', () => {
  it("keeps a Playwright failure's title, error and received value", () => {
    expect(failureDigest(playwrightRun)).toEqual([
      '1) [chromium] › e2e/fuzz.spec.ts:10:1 › generated posts ────────',
      'Error: 1 failed posts; replay with FUZZ_SEED=7 FUZZ_RUNS=40',
      '+   "/dashboard/orders/N [pay] → 500: answered 500",',
    ])
  })

  it("keeps vitest's failed test and its assertion, once each, without colours", () => {
    const run = [
      ' \u001b[31mFAIL\u001b[39m  src/money.test.ts > formatRial > groups digits',
      "AssertionError: expected '۱٬۰۰۰' to be '۱۰۰۰'",
      ' ✓ src/other.test.ts (3 tests) 20ms',
      ' FAIL  src/money.test.ts > formatRial > groups digits',
    ]
    expect(failureDigest(run)).toEqual([
      'FAIL  src/money.test.ts > formatRial > groups digits',
      "AssertionError: expected '۱٬۰۰۰' to be '۱۰۰۰'",
    ])
  })

  it('stays short however much failed, and says so when nothing is recognised', () => {
    const many = Array.from({ length: 100 }, (_, i) => `Error: number ${i} ${'x'.repeat(400)}`)
    const digest = failureDigest(many)
    expect(digest).toHaveLength(DIGEST_LINES)
    expect(digest.every((line) => line.length <= 240)).toBe(true)
    expect(failureDigest(['npm error code 1'])).toEqual([
      '(no failure line recognised; the log above has the run)',
    ])
  })
})

describe('LineTail', () => {
  it('joins lines split across chunks and keeps only the last ones', () => {
    const tail = new LineTail(2)
    tail.push('one\ntw')
    tail.push('o\nthree\nfo')
    expect(tail.lines()).toEqual(['two', 'three', 'fo'])
  })
})
