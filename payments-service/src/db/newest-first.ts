/**
 * Newest first, ties broken by id so that a list (and every page of it) has one order even when
 * rows share a timestamp: `.orderBy(newestFirst('r'))` for `rates as r`, `.orderBy(newestFirst())`.
 */
export function newestFirst(alias?: string, column: 'created_at' | 'updated_at' = 'created_at') {
  const prefix = alias ? `${alias}.` : ''
  return [
    { column: `${prefix}${column}`, order: 'desc' as const },
    { column: `${prefix}id`, order: 'desc' as const },
  ]
}
