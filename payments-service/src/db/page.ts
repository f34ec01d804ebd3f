import type { Knex } from 'knex'

/**
 * One page of a filtered query, and how many rows match in all (the staff lists' `count`).
 * `read` adds the columns and the order; the count is taken before them.
 */
export async function pageOf<Row>(
  filtered: Knex.QueryBuilder,
  paging: { limit: number; offset: number },
  read: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<{ count: number; rows: Row[] }> {
  const [total] = await filtered.clone().count<Array<{ count: string | number }>>('* as count')
  const rows = (await read(filtered).limit(paging.limit).offset(paging.offset)) as Row[]
  return { count: Number(total?.count ?? 0), rows }
}
