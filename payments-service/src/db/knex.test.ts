import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../test/db.ts'
import { isUniqueViolation } from './errors.ts'
import { parseInt8 } from './knex.ts'

describe('database connection', () => {
  const database = useTestDatabase()

  it('returns bigint columns as JavaScript numbers', async () => {
    const { rows } = await database.db.raw(
      'SELECT 9007199254740991::bigint AS max_safe, count(*) AS n FROM generate_series(1, 3)',
    )
    expect(rows[0]).toEqual({ max_safe: Number.MAX_SAFE_INTEGER, n: 3 })
  })

  it('fails loudly rather than rounding a bigint beyond 2^53', async () => {
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError)
    await expect(database.db.raw('SELECT 9007199254740993::bigint AS big')).rejects.toThrow(
      /does not fit/,
    )
  })

  it('recognises unique violations, also wrapped by objection', async () => {
    const error = await database.db
      .transaction(async (trx) => {
        await trx.raw('CREATE TEMP TABLE u (v int CONSTRAINT u_v_key UNIQUE)')
        await trx.raw('INSERT INTO u VALUES (1), (1)')
      })
      .catch((caught: unknown) => caught)
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'u_v_key')).toBe(true)
    expect(isUniqueViolation(error, 'other')).toBe(false)
    expect(isUniqueViolation({ nativeError: error })).toBe(true)
    expect(isUniqueViolation(new Error('x'))).toBe(false)
  })
})
