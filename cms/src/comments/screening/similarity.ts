import { readText } from './normalise'

/**
 * Near-duplicate texts: the same message posted again with a random suffix, a word swapped or
 * the letters disguised. Compared on the normalised words (every number reads as the same token,
 * so a different number or a random code does not make a text new), cut into overlapping
 * four-character pieces (shingles); two texts are near duplicates when most of their pieces are
 * shared.
 */

/** Shorter texts («ممنون»، «عالی بود») are said by many people in the same words. */
export const MIN_COMPARABLE_LENGTH = 24
const SHINGLE = 4
/** Share of all pieces the two texts have in common (Jaccard). */
const SIMILAR = 0.55
/** Share of the shorter text's pieces found in the longer one (a message with extra around it). */
const CONTAINED = 0.85
/** ...counted only for a shorter text of at least this many pieces (a sentence, not a greeting). */
const CONTAINED_MIN_PIECES = 40

export type Shingles = ReadonlySet<string>

/** The text's pieces, or null when it is too short to compare with other people's. */
export function shinglesOf(text: string): Shingles | null {
  const words = readText(text).words.map((word) => (/\d/.test(word) ? '#' : word))
  const joined = words.join(' ')
  if ([...joined].length < MIN_COMPARABLE_LENGTH) return null
  const chars = [...joined]
  const pieces = new Set<string>()
  for (let i = 0; i + SHINGLE <= chars.length; i++) pieces.add(chars.slice(i, i + SHINGLE).join(''))
  return pieces
}

export function isNearDuplicate(a: Shingles, b: Shingles): boolean {
  let shared = 0
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  for (const piece of small) if (large.has(piece)) shared += 1
  const union = a.size + b.size - shared
  return (
    shared / union >= SIMILAR ||
    (small.size >= CONTAINED_MIN_PIECES && shared / small.size >= CONTAINED)
  )
}

// Every comment is compared with the day's others: their pieces are kept between submissions.
const cache = new Map<string, Shingles | null>()
const CACHE_SIZE = 5_000

function cachedShingles(text: string): Shingles | null {
  let pieces = cache.get(text)
  if (pieces === undefined) {
    pieces = shinglesOf(text)
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    cache.set(text, pieces)
  }
  return pieces
}

/** The first of `others` that `text` nearly duplicates, or null. */
export function findNearDuplicate<T extends { content: string }>(
  text: string,
  others: readonly T[],
): T | null {
  const mine = shinglesOf(text)
  if (!mine) return null
  for (const other of others) {
    const theirs = cachedShingles(other.content)
    if (theirs && isNearDuplicate(mine, theirs)) return other
  }
  return null
}
