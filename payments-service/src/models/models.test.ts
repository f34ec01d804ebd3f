import { readFileSync } from 'node:fs'
import { Model } from 'objection'
import { describe, expect, it } from 'vitest'
import { listTables, useTestDatabase } from '../test/db.ts'
import * as models from './index.ts'

/**
 * One data-access style (ADR 027): every table the migrations create has its
 * objection model, and each model names a table that exists. A new table without a model, or a
 * model left behind by a dropped table, fails here.
 */
describe('models', () => {
  const database = useTestDatabase({ emptyEachTest: false, poolMax: 1 })

  const modelTables = Object.values(models as Record<string, unknown>)
    .filter(
      (value): value is typeof Model =>
        typeof value === 'function' && value.prototype instanceof Model,
    )
    .map((model) => model.tableName)

  it('cover every table of the migrated schema, one model per table', async () => {
    const tables = (await listTables(database.db)).filter((name) => !name.startsWith('knex_'))
    expect([...modelTables].sort()).toEqual([...tables].sort())
  })

  it('are all known to the lint rule that keeps SQL in the models', async () => {
    const config = readFileSync(new URL('../../../eslint.config.js', import.meta.url), 'utf8')
    const listed = /const PAYMENTS_TABLES = \[([^\]]*)\]/.exec(config)?.[1] ?? ''
    const names = [...listed.matchAll(/'([a-z_]+)'/g)].map((match) => match[1])
    expect(names.sort()).toEqual((await listTables(database.db)).sort())
  })
})
