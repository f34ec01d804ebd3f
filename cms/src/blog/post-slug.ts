/**
 * A post's readable address: its slug, in the language of its title. Strapi's own slugs are
 * Latin only and turn a Persian title into a transliteration nobody reads (or into «post»), so
 * the admin's slug button and the checks below use these rules for posts instead.
 */

/** Persian and Arabic letters (with پ چ ژ ک گ ی), Latin letters and digits, `.`, `_`, `~`, `-`. */
export const SLUG_CHARACTERS = 'A-Za-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc._~-'

/** What a post's slug may be; the post schema's `regex` holds the same expression. */
export const SLUG_PATTERN = new RegExp(`^[${SLUG_CHARACTERS}]*$`)

const MAX_LENGTH = 80

/**
 * A slug from a title: Arabic ي and ك as the Persian letters, no diacritics or tatweel, Persian
 * and Arabic digits as Latin ones, Latin in lower case, and every run of anything else (spaces,
 * half-spaces, punctuation) one hyphen. Empty when the title has no letter or digit at all.
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKC')
    .replace(/[\u064a\u0649]/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .toLowerCase()
    .replace(/[^a-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug.slice(0, MAX_LENGTH).replace(/-+$/, '')
}

/** The content manager's service that makes a slug unique (adds `-1`, `-2`… when taken). */
export interface UniqueSlugs {
  findUniqueUID(params: {
    contentTypeUID: string
    field: string
    value: string
    locale?: string
  }): Promise<string>
}
