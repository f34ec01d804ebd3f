/**
 * Writes the `generated-*` entries of test-corpus/scam-comments.json: each written sample
 * disguised by two transforms of tests/obfuscate.ts with a fixed seed, noted with its origin.
 * Run from cms/ after changing the samples or the transforms:
 *   npx tsx tests/generate-screening-corpus.ts
 */
import fs from 'node:fs'
import path from 'node:path'

import { obfuscate, seededRandom, TRANSFORM_NAMES } from './obfuscate'
import { cmsDir } from './paths'

interface Entry {
  id: string
  text: string
  source: string
}

const COUNT = 40
const file = path.join(cmsDir, 'test-corpus', 'scam-comments.json')
const entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as Entry[]).filter(
  (entry) => !entry.id.startsWith('generated-'),
)
const samples = entries.filter((entry) => entry.id.startsWith('scam-'))
const random = seededRandom(20261204)
const generated: Entry[] = []
for (let i = 1; i <= COUNT; i++) {
  const sample = samples[Math.floor(random() * samples.length)] as Entry
  const names = [0, 1].map(() => TRANSFORM_NAMES[Math.floor(random() * TRANSFORM_NAMES.length)]!)
  const seed = 1000 + i
  generated.push({
    id: `generated-${String(i).padStart(2, '0')}`,
    text: obfuscate(sample.text, names, seed),
    source: `generated from ${sample.id} by ${names.join(' + ')} (seed ${seed}), tests/generate-screening-corpus.ts`,
  })
}
// Invisible and direction characters as \u escapes, so a reviewer sees them.
const json = JSON.stringify([...entries, ...generated], null, 2).replace(
  /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g,
  (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
)
fs.writeFileSync(file, `${json}\n`)
console.info(`wrote ${generated.length} generated entries to ${path.relative(cmsDir, file)}`)
