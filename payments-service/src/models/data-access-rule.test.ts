import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The data-access rule of the repository's eslint.config.js (ADR 027), run as `npm run lint`
 * runs it: outside the models, a query is a named static of its model, never knex, raw SQL or
 * objection's query builder.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function refusals(code: string, file = 'payments-service/src/modules/orders/example.ts') {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message)
}

describe('data access outside the models', () => {
  it.each([
    ['the query builder', 'export const f = (db: never) => Order.query(db).findById(1)'],
    ['a related query', 'export const f = (db: never) => Order.relatedQuery("events", db)'],
    ['an instance query', 'export const f = (row: never, trx: never) => row.$query(trx).patch({})'],
    ['knex on a table', "export const f = (db: never) => db('payments').where({ id: 1 })"],
    ['raw SQL', "export const f = (db: never) => db.raw('SELECT 1')"],
  ])('refuses %s', async (_, code) => {
    expect(await refusals(code)).toHaveLength(1)
  })

  it('takes a named static, and passing a transaction down', async () => {
    const code = `export const f = (db: never) =>
      db.transaction((trx: never) => Order.withId(trx, 1))`
    expect(await refusals(code)).toEqual([])
  })

  it('leaves the models themselves and the tests free', async () => {
    const code = 'export const f = (db: never) => Order.query(db).findById(1)'
    expect(await refusals(code, 'payments-service/src/models/example.model.ts')).toEqual([])
    expect(await refusals(code, 'payments-service/src/modules/orders/example.test.ts')).toEqual([])
  })
})
