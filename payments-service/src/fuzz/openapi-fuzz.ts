import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The service's operations as its own OpenAPI document lists them (`defineRoute` feeds
 * `/api/schema/`), the Big List of Naughty Strings and raw bodies a JSON route must refuse: the
 * inputs of the generated fuzz (generated.fuzz.test.ts, ADR 018), so a route added tomorrow is
 * attacked without anyone listing it.
 */

type JsonSchema = Record<string, unknown>

/** The vendored corpus (`packages/test-corpus`); FUZZ_CORPUS overrides the file. */
const DEFAULT_CORPUS = fileURLToPath(
  new URL('../../../packages/test-corpus/naughty-strings/blns.json', import.meta.url),
)

export function naughtyStrings(): string[] {
  const file = process.env.FUZZ_CORPUS ?? DEFAULT_CORPUS
  if (!existsSync(file)) {
    throw new Error(`fuzz corpus not found at ${file} (set FUZZ_CORPUS to blns.json)`)
  }
  const list = JSON.parse(readFileSync(file, 'utf8')) as unknown
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    throw new Error(`${file} is not a JSON array of strings`)
  }
  return list as string[]
}

export type Access = 'public' | 'user' | 'staff'

export interface Field {
  name: string
  where: 'path' | 'query' | 'body'
  schema: JsonSchema
}

export interface Operation {
  id: string
  method: string
  /** OpenAPI template, `/api/payments/{id}/`. */
  path: string
  access: Access
  fields: Field[]
  /** How the body travels: JSON, multipart only, or either (JSON is then fuzzed). */
  body: 'none' | 'json' | 'multipart'
}

interface OpenApiOperation {
  operationId: string
  security?: unknown[]
  parameters?: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, unknown>
}

export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>
}): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields: Field[] = (op.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        where: parameter.in,
        schema: parameter.schema,
      }))
      const content = op.requestBody?.content ?? {}
      const bodySchema = (content['application/json'] ?? content['multipart/form-data'])?.schema
      const properties = (bodySchema?.properties ?? {}) as Record<string, JsonSchema>
      for (const [name, schema] of Object.entries(properties)) {
        fields.push({ name, where: 'body', schema })
      }
      const multipartOnly = '415' in op.responses && !content['application/json']
      if (multipartOnly && !properties.file) {
        fields.push({ name: 'file', where: 'body', schema: { type: 'string', format: 'binary' } })
      }
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        access: !op.security ? 'public' : '403' in op.responses ? 'staff' : 'user',
        fields,
        body: multipartOnly
          ? 'multipart'
          : content['application/json'] || method === 'post' || method === 'patch'
            ? 'json'
            : 'none',
      })
    }
  }
  return operations
}

/** Sent as `application/json`: not JSON, not an object, or an object built to hurt a parser. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a" 1}',
  "{'a': 1}",
  '[1, 2',
  'null',
  '"a string"',
  '[]',
  '42',
  'NaN',
  '\u0000\u0001\u0002',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a": ${'{"a": '.repeat(5000)}1${'}'.repeat(5000)}}`,
]

/** Raw bodies a JSON route must refuse politely. */
export const MALFORMED_BODIES: Array<{ body: string; type: string }> = [
  ...MALFORMED_JSON.map((body) => ({ body, type: 'application/json' })),
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { body: 'plain words', type: 'text/plain' },
  { body: '{"a": 1}', type: 'application/json; charset=utf-16' },
  { body: '{"a": 1}', type: 'application/json; charset=klingon' },
  { body: '<a>xml</a>', type: 'application/xml' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    type: 'multipart/form-data; boundary=x',
  },
  { body: 'garbage', type: 'multipart/form-data' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\r\nb.png"\r\n\r\nx\r\n--x--\r\n',
    type: 'multipart/form-data; boundary=x',
  },
  { body: '--x\r\ncut here', type: 'multipart/form-data; boundary=x' },
  { body: JSON.stringify({ big: 'x'.repeat(200_000) }), type: 'application/json' },
]
