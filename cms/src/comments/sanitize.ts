/** Longest comment we store (the schema's maxLength). */
export const MAX_COMMENT_LENGTH = 2000

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
}

// Control characters except tab and newline, and the bidi overrides that can disguise text.
const INVISIBLE = /(?![\t\n])\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu

/**
 * Comments are stored as plain text: markup is removed (tags, and the contents of script/style),
 * invisible control characters dropped, whitespace tidied. Web escapes it again when rendering.
 * Returns '' for blank or whitespace-only input (which the caller refuses).
 */
export function sanitizeCommentContent(input: string): string {
  return (
    input
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p\s*>/gi, '\n\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
      // Leftover angle brackets cannot form markup once stored as text, but keep it boring.
      .replace(/[<>]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(INVISIBLE, '')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}
