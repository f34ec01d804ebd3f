import type { Knex } from 'knex'

/** What pg-boss calls to run its SQL (`{ db }` option of send/fetch/complete/fail). */
export interface DollarSqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Runs `$1`-style SQL (pg-boss's) through a knex handle, so a job written with a transaction
 * commits or rolls back with that transaction's business rows. knex's raw SQL binds its values
 * to `?` marks: each `$n` becomes a `?` bound to the n-th value (a value used twice is bound
 * twice), and a literal `?` in the text is escaped so knex does not bind a value to it.
 * pg-boss's job statements carry no string literal or dollar-quoted body containing `$n`, which
 * this rewriting relies on.
 */
export function dollarSqlOn(runner: Knex | Knex.Transaction): DollarSqlRunner {
  return {
    async executeSql(text, values = []) {
      const { sql, bindings } = toKnexBindings(text, values)
      const result = (await runner.raw(sql, bindings as Knex.RawBinding[])) as {
        rows?: unknown[]
      }
      return { rows: (result.rows ?? []) as never[] }
    },
  }
}

function toKnexBindings(
  text: string,
  values: readonly unknown[],
): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = []
  const sql = text.replace(/\?|\$(\d+)/g, (match, index: string | undefined) => {
    if (index === undefined) return '\\?'
    const position = Number(index) - 1
    if (position < 0 || position >= values.length) {
      throw new RangeError(`SQL names ${match} but only ${values.length} values were given`)
    }
    bindings.push(asBinding(values[position]))
    return '?'
  })
  return { sql, bindings }
}

/**
 * pg turns an undefined value into null and a plain object into its JSON; knex refuses both an
 * undefined binding and an object holding one (pg-boss sends such objects), so they are turned
 * here the way pg would. Arrays (PostgreSQL arrays), dates and buffers pass as they are.
 */
function asBinding(value: unknown): unknown {
  if (value === undefined) return null
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  ) {
    return JSON.stringify(value)
  }
  return value
}
