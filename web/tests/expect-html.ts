import { expect } from 'vitest'

/**
 * Fails unless the page (or a slice of it) holds every piece: a string as it is written, a
 * pattern by matching. One assertion per piece, so a failure names the piece that is missing.
 */
export function expectToHold(html: string | undefined, pieces: readonly (string | RegExp)[]) {
  for (const piece of pieces) {
    if (typeof piece === 'string') expect(html).toContain(piece)
    else expect(html).toMatch(piece)
  }
}
