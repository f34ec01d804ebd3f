import fs from 'node:fs'
import path from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type * as Detect from '../src/comments/screening/detect'
import type * as Normalise from '../src/comments/screening/normalise'
import type * as Screen from '../src/comments/screening/screen'
import { requireCompiled } from './harness'
import { obfuscate, TRANSFORM_NAMES, type TransformName } from './obfuscate'
import { cmsDir } from './paths'

/**
 * Comment screening without Strapi (ADR 036): the corpus of scam and spam comments is held, each
 * and every generated disguise of it; the ordinary comments are not, alone or one after another.
 */

const { screenComment } = requireCompiled<typeof Screen>('comments/screening/screen.js')
const { findRisks, countLinks } = requireCompiled<typeof Detect>('comments/screening/detect.js')
const { readText } = requireCompiled<typeof Normalise>('comments/screening/normalise.js')

interface Entry {
  id: string
  text: string
  source: string
}

const corpus = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(cmsDir, 'test-corpus', name), 'utf8')) as Entry[]
const SCAMS = corpus('scam-comments.json')
const ORDINARY = corpus('ordinary-comments.json')

const RUNS = Number(process.env.FUZZ_RUNS ?? 300)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (process.pid << 16)) | 0

const alone = (content: string) => screenComment({ content, extraPhrases: [], othersRecent: [] })

describe('the scam and spam corpus', () => {
  it('has the incident, written relatives, hand-made and generated disguises', () => {
    const kinds = new Set(SCAMS.map((entry) => entry.id.replace(/-\d+$/, '')))
    expect([...kinds].sort()).toEqual(['generated', 'obfuscated', 'scam'])
    for (const entry of SCAMS) expect(entry.source.length, entry.id).toBeGreaterThan(10)
  })

  it.each(SCAMS.map((entry) => [entry.id, entry] as const))('%s is held', (_id, entry) => {
    expect(alone(entry.text), `${entry.text}\n(${entry.source})`).not.toEqual([])
  })

  it(`holds ${RUNS} generated disguises of the written samples (FUZZ_SEED=${SEED})`, () => {
    const samples = SCAMS.filter((entry) => entry.id.startsWith('scam-'))
    fc.assert(
      fc.property(
        fc.nat({ max: samples.length - 1 }),
        fc.array(fc.constantFrom<TransformName>(...TRANSFORM_NAMES), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer(),
        (index, names, seed) => {
          const sample = samples[index] as Entry
          const disguised = obfuscate(sample.text, names, seed)
          expect(
            alone(disguised),
            `${sample.id} by ${names.join(' + ')} (seed ${seed}): ${JSON.stringify(disguised)}`,
          ).not.toEqual([])
        },
      ),
      { numRuns: RUNS, seed: SEED },
    )
  })

  it("holds the incident's five near-identical comments as a campaign, whatever they say", () => {
    // Words no rule knows, so only the likeness across accounts can hold them.
    const base = 'این سایت پول مردم را پس نمی‌دهد، از سایت دیگری خرید کنید'
    const posted: { documentId: string; content: string }[] = []
    const held: boolean[] = []
    for (const suffix of ['x7k2', 'q9w', '!! zz1', '😊 a1b2c3', 'لطفا']) {
      const content = `${base} ${suffix}`
      const findings = screenComment({ content, extraPhrases: [], othersRecent: posted })
      held.push(findings.some((finding) => finding.reason === 'near-duplicate'))
      posted.unshift({ documentId: `c${posted.length}`, content })
    }
    expect(held).toEqual([false, true, true, true, true])
  })
})

describe('ordinary comments', () => {
  it.each(ORDINARY.map((entry) => [entry.id, entry] as const))('%s is not held', (_id, entry) => {
    expect(alone(entry.text), entry.text).toEqual([])
  })

  it('are not held when all of them are posted one after another by different people', () => {
    const posted: { documentId: string; content: string }[] = []
    for (const entry of ORDINARY) {
      expect(
        screenComment({ content: entry.text, extraPhrases: [], othersRecent: posted }),
        entry.text,
      ).toEqual([])
      posted.unshift({ documentId: entry.id, content: entry.text })
    }
  })
})

describe("moderators' own phrases", () => {
  it('hold a comment with the phrase in any of its disguises, and a too-short phrase holds nothing', () => {
    const extraPhrases = [
      { phrase: 'سود تضمینی', reason: 'other' as const },
      { phrase: 'ab', reason: 'other' as const },
    ]
    for (const content of ['سود تضمینی ماهانه', 'سـود‌تضمينى ماهانه', 'س و د ت ض م ی ن ی']) {
      expect(
        screenComment({ content, extraPhrases, othersRecent: [] }).map((f) => f.match),
        content,
      ).toEqual(['سود تضمینی'])
    }
    expect(screenComment({ content: 'abc abd', extraPhrases, othersRecent: [] })).toEqual([])
  })
})

describe('reading a comment', () => {
  it('folds letter variants, digits, marks and invisible characters', () => {
    expect(readText('رمز‌دوم').words).toEqual(['رمز', 'دوم'])
    expect(readText('كارت ي ۰۹١٢').folded).toBe('کارت ی 0912')
    expect(readText('t\u200b.m\u0435').folded).toBe('t.me')
    expect(readText('ر م ز د و م').compact).toBe('رمزدوم')
    expect(readText('من و تو').words).toEqual(['من', 'و', 'تو'])
  })

  it('counts links in every written form', () => {
    expect(countLinks('a http://x.io b https://y.io www.z.io')).toBe(3)
    expect(countLinks('t . me/x و arzpol[.]ir و https://bit.ly/q')).toBe(3)
    expect(countLinks('دامنه .io ما را ثبت کردند')).toBe(0)
  })

  it('tells a phone number and a card number from amounts, dates and order numbers', () => {
    const reasons = (text: string) => findRisks(text, []).map((finding) => finding.reason)
    expect(reasons('تماس: +98 912 123 4567')).toEqual(['phone'])
    expect(reasons('تماس: +989121234567')).toEqual(['phone'])
    expect(reasons('۰۰۹۸۹۱۲۱۲۳۴۵۶۷')).toEqual(['phone'])
    expect(reasons('۹۱۲ ۱۲۳ ۴۵۶۷')).toEqual(['phone'])
    expect(reasons('۰۲۱-۸۸۷۷-۶۶۵۵')).toEqual(['phone'])
    expect(reasons('6037 9912 3456 7890')).toEqual(['card-number'])
    expect(reasons('IR12 0120 0000 0000 1234 5678 90')).toEqual(['card-number'])
    for (const text of [
      '۹,۵۰۰,۰۰۰,۰۰۰ ریال',
      'سفارش ۱۴۰۳۰۹۱۲',
      'کد پیگیری ۹۸۷۶۵۴۳۲۱۰۱۲',
      'شناسه ۹۱۲۳۴۵۶۷۸۹',
      '۱۴۰۴/۰۵/۲۸ ساعت ۱۴:۳۰',
      `سؤال ${Date.now()}`,
    ]) {
      expect(reasons(text), text).toEqual([])
    }
  })

  it('stays fast on the longest hostile comments', () => {
    const hostile = [
      'a.'.repeat(1000),
      `${'a'.repeat(63)}.`.repeat(31),
      '1 '.repeat(1000),
      '@'.repeat(2000),
      'ر '.repeat(1000),
      `${'x'.repeat(1999)}!`,
      'http:'.repeat(400),
      '1-'.repeat(1000),
      'ab '.repeat(666),
    ]
    for (const content of hostile) {
      const started = performance.now()
      screenComment({
        content,
        extraPhrases: [],
        othersRecent: Array.from({ length: 500 }, (_, i) => ({
          documentId: String(i),
          content: hostile[i % hostile.length] as string,
        })),
      })
      // Generous for a shared machine; a pattern that backtracks takes seconds, not this.
      expect(performance.now() - started, content.slice(0, 20)).toBeLessThan(1_000)
    }
  })
})
