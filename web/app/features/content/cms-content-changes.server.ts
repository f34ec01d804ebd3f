import type { ChangeEvent } from '@arzpol/contracts/changes'
import type { CmsCache } from './cms-cache.server.ts'

/** Cache keys of one post's comments: `comments:<post id>`. */
export const COMMENTS_PREFIX = 'comments:'

/**
 * What a change means for web's copy of the cms (ADR 033): a comment marks every post's comments
 * out of date, any other cms change (or one whose model is unknown) everything; `resync` (a
 * stream opened again, so changes may have been missed) everything too. Other events are not
 * about the cms.
 */
export function dropChangedContent(cache: CmsCache, event: ChangeEvent): void {
  if (event.type === 'resync') cache.invalidateAll()
  else if (event.type === 'cms') {
    if (event.model === 'comment') cache.invalidateWhere((key) => key.startsWith(COMMENTS_PREFIX))
    else cache.invalidateAll()
  }
}
