type Order = 'asc' | 'desc'

/**
 * By a timestamp, ties broken by id so that a list (and every page of it) has one order even
 * when rows share a timestamp: `.orderBy(byTimeThenId('t', 'last_message_at', 'asc'))`.
 */
export function byTimeThenId(alias: string | undefined, column: string, order: Order) {
  const prefix = alias ? `${alias}.` : ''
  return [
    { column: `${prefix}${column}`, order },
    { column: `${prefix}id`, order },
  ]
}

/** Newest first: `.orderBy(newestFirst('r'))` for `rates as r`, `.orderBy(newestFirst())`. */
export function newestFirst(alias?: string, column: 'created_at' | 'updated_at' = 'created_at') {
  return byTimeThenId(alias, column, 'desc')
}
