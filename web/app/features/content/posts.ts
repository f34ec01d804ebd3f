import type { ResponsiveImage } from './cms-image.ts'

/** A blog post as the pages show it, shared by the server that reads it and the components. */

/** The name shown for an author the cms names no one for. */
export const AUTHOR_FALLBACK = 'نویسنده'

export interface BlogCategory {
  /** The value of `?category=`: the slug, or the name when there is none. */
  key: string
  name: string
}

/** What the list's cards and the post's own page show of a post, its body aside. */
export interface PostSummary {
  /** The cms's documentId: stable across edits and republishing; the `{id}` of `/blog/{id}`. */
  id: string
  /** Where the post lives: its readable slug's address, or its documentId's without one. */
  path: string
  cover: ResponsiveImage | null
  title: string
  excerpt: string
  date: string | null
  /** Jalali, Persian digits. */
  dateLabel: string | null
  category: BlogCategory | null
  authorName: string
}
