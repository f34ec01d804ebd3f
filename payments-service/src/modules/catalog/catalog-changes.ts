import type { ChangeSource } from '../../changes/bus.ts'
import type { TtlCache } from '../../lib/ttl-cache.ts'

/**
 * Drops a catalog copy when the change bus says the catalog changed (ADR 033): on a `catalog`
 * notice newer than the copy (this pod's own change was already dropped at the write, and its
 * reload may hold it), and on `resync`, after which anything may have changed.
 */
export function dropOnCatalogChange(
  changes: ChangeSource,
  cache: TtlCache<{ version: number }>,
): void {
  changes.subscribe((event) => {
    if (event.type === 'resync') cache.invalidate()
    else if (event.type === 'catalog' && (cache.peek()?.version ?? -1) < event.version)
      cache.invalidate()
  })
}
