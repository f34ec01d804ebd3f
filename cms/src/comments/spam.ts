import { countLinks } from './screening/detect'
import { findNearDuplicate } from './screening/similarity'

export { countLinks }

export type SpamReason = 'links' | 'repetition' | 'duplicate' | 'rate-limit'

export interface SpamRules {
  /** More links than this is spam (one or two hold the comment for a moderator instead). */
  maxLinks: number
  /** More comments than this by one user within `rateWindowMs` is spam. */
  maxPerWindow: number
  rateWindowMs: number
}

export const DEFAULT_SPAM_RULES: SpamRules = {
  maxLinks: 2,
  maxPerWindow: 3,
  rateWindowMs: 10 * 60 * 1000,
}

export interface AuthorHistory {
  /** Comments by the same user within the rate window (before this one). */
  recentCount: number
  /** Contents of the same user's recent comments, to catch copy-paste floods. */
  recentContents: string[]
}

/** The same character ten times in a row, or one word making up most of a longer text. */
export function isRepetitive(text: string): boolean {
  if (/(\S)\1{9,}/u.test(text)) return true
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length < 6) return false
  const counts = new Map<string, number>()
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
  const most = Math.max(...counts.values())
  return most / words.length > 0.5
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** Why a comment looks like spam, or null when it looks fine. */
export function detectSpam(
  content: string,
  history: AuthorHistory,
  rules: SpamRules = DEFAULT_SPAM_RULES,
): SpamReason | null {
  if (countLinks(content) > rules.maxLinks) return 'links'
  if (isRepetitive(content)) return 'repetition'
  const normalised = normalise(content)
  // The same words again, or nearly (a random suffix does not make a text new).
  if (
    history.recentContents.some((previous) => normalise(previous) === normalised) ||
    findNearDuplicate(
      content,
      history.recentContents.map((previous) => ({ content: previous })),
    )
  ) {
    return 'duplicate'
  }
  if (history.recentCount >= rules.maxPerWindow) return 'rate-limit'
  return null
}
