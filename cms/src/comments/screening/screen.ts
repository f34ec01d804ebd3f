import { findRisks, type Finding } from './detect'
import { BUILT_IN_PHRASES, type PhraseRule } from './rules'
import { findNearDuplicate } from './similarity'

export interface ScreeningInput {
  /** The sanitised comment. */
  content: string
  /** The moderators' own phrases (enabled «Comment rule» entries), on top of the built-in ones. */
  extraPhrases: readonly PhraseRule[]
  /** Other accounts' recent comments (any status): a campaign posts the same text from many. */
  othersRecent: readonly { documentId: string; content: string }[]
}

/**
 * Why a comment should wait for a moderator before anyone sees it (ADR 036); empty when it may
 * appear at once. Nothing here refuses a comment: a held one is kept, and a moderator decides.
 */
export function screenComment(input: ScreeningInput): Finding[] {
  const findings = findRisks(input.content, [...BUILT_IN_PHRASES, ...input.extraPhrases])
  const twin = findNearDuplicate(input.content, input.othersRecent)
  if (twin) findings.push({ reason: 'near-duplicate', match: `comment ${twin.documentId}` })
  return findings
}
