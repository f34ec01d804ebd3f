import { fc } from '@fast-check/vitest'
import {
  HOSTILE_FRAGMENTS,
  corpusString,
  hostileString,
  insertAt,
  percentEncode,
  useCorpus,
} from '@arzpol/test-corpus/hostile'
import type { Access, Operation } from './openapi-fuzz.ts'

/**
 * Generated hostile requests (ADR 018), derived from each operation's own JSON schema in the
 * OpenAPI document: values of the right shape with hostile leaves, structural attacks on the
 * body, and attacks on the transport (content types, truncated bodies, bad UTF-8). Values the
 * fuzz cannot make up (ids of objects that exist, tokens, the bank's ResNum) are `Known`
 * references, resolved against the fixture world when the request is sent, so shrinking and
 * replaying a seed work on plain data.
 */

export type JsonSchema = Record<string, unknown>

/** A value the fixture world holds under a field name (`id`, `phone`, `ResNum`, …). */
export class Known {
  constructor(
    readonly name: string,
    readonly index: number,
    /** The JSON type the field's schema wants: the world's value is converted to it. */
    readonly type: 'string' | 'number' | undefined = undefined,
    /** The field's pattern: only the world's values that match it are used (if any do). */
    readonly pattern: string | undefined = undefined,
  ) {}
  toString() {
    return `Known(${this.name}#${this.index})`
  }
}

/** JSON text sent as is: numbers JSON.stringify cannot write, nesting deeper than it allows. */
export class Raw {
  constructor(readonly text: string) {}
  toString() {
    return `Raw(${this.text.length > 60 ? `${this.text.slice(0, 60)}…` : this.text})`
  }
}

/** An object that repeats a key (`{"a": 1, "a": "x"}`): the last one wins in JSON.parse. */
export class Duplicates {
  constructor(readonly entries: Array<[string, unknown]>) {}
  toString() {
    return `Duplicates(${this.entries.map(([key]) => key).join(',')})`
  }
}

export type Identity = 'anonymous' | 'customer' | 'other' | 'staff'

export type Encoding =
  | 'json'
  | 'multipart'
  | 'form'
  | 'none'
  | 'text-plain'
  | 'no-content-type'
  | 'xml'
  | 'json-utf16'
  | 'truncated-json'
  | 'truncated-multipart'
  | 'multipart-no-boundary'
  | 'invalid-utf8'
  | 'malformed'

export interface FileSpec {
  name: string
  kind: 'png' | 'pdf' | 'exe' | 'empty' | 'text'
  /** Content-Type the client claims (the service must read the bytes). */
  type: string
}

export interface Plan {
  /** What kind of attack this is, for the report. */
  attack: string
  identity: Identity
  params: Record<string, unknown>
  query: Array<[string, unknown]>
  /** The body's fields, or (for the attacks on the body as a whole) what the whole body is. */
  body: { entries: Array<[string, unknown]> } | { whole: unknown }
  encoding: Encoding
  file: FileSpec | null
  /** Where a truncated body is cut, as a share of its length (and which malformed body). */
  cut: number
  headers: Record<string, string>
}

// --- hostile leaves ------------------------------------------------------------------------------

// The generic leaves (text, numbers as text, the naughty strings) live in @arzpol/test-corpus,
// shared with web's form fuzz; JSON's own (raw numbers, nesting) stay here.
export { HOSTILE_FRAGMENTS, corpusString, hostileString, percentEncode, useCorpus }

/** JSON numbers a parser may take differently from what was sent. */
const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-0, 1e21, 1e-7, 123456789012345, 999999999999, 2 ** 53 + 2, 1e308, -1, 0.5),
  fc.constantFrom(
    new Raw('9'.repeat(300)),
    new Raw(`-${'9'.repeat(300)}`),
    new Raw('1e400'),
    new Raw('-0'),
    new Raw('1E21'),
    new Raw(`0.${'0'.repeat(300)}1`),
    new Raw('123456789012345'),
  ),
)

/** A valid value with a hostile fragment inside it, so it keeps the look of the right thing. */
const spoiled = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(valid, fc.constantFrom(...HOSTILE_FRAGMENTS), fc.nat())
    .map(([value, fragment, at]) =>
      typeof value === 'string'
        ? insertAt(value, fragment, at)
        : typeof value === 'number'
          ? insertAt(String(value), fragment, at)
          : value,
    )

/** Deeply nested JSON, as text (deeper than JSON.stringify's own recursion would go). */
const deep = fc
  .tuple(fc.constantFrom(50, 1_000, 20_000), fc.boolean())
  .map(([depth, objects]) =>
    objects
      ? new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
      : new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`),
  )

/** Values of the wrong JSON type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, [], {}, [''], ['a', 'b'], { nested: ['\u0000'] }),
  hostileNumber,
  deep,
  fc.jsonValue({ maxDepth: 3 }),
)

// --- schema → values -------------------------------------------------------------------------------

const options = (schema: JsonSchema) => (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : []

/** Field names the fixture world has real values for (ids that exist, tokens, phones, …). */
export type KnownNames = ReadonlySet<string>

/** A value of the right shape that should pass validation. */
export function validValue(
  schema: JsonSchema | undefined,
  name: string,
  known: KnownNames,
): fc.Arbitrary<unknown> {
  // A UUID (a job's id) is none of the world's numeric ids: a well-formed one of any version.
  if (schema?.format === 'uuid') return fc.uuid()
  const closed = schema && (Array.isArray(schema.enum) || schema.const !== undefined)
  if (known.has(name) && !closed) {
    const types = schema ? typesOf(schema).concat(...(options(schema) ?? []).map(typesOf)) : []
    const type = types.includes('string')
      ? ('string' as const)
      : types.includes('integer') || types.includes('number')
        ? ('number' as const)
        : undefined
    const pattern = typeof schema?.pattern === 'string' ? schema.pattern : undefined
    const reference = fc.nat({ max: 1_000 }).map((index) => new Known(name, index, type, pattern))
    return schema
      ? fc.oneof(
          { weight: 4, arbitrary: reference },
          { weight: 1, arbitrary: fromSchema(schema, name, known) },
        )
      : reference
  }
  if (!schema) return fc.string({ minLength: 1, maxLength: 12 })
  return fromSchema(schema, name, known)
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'

function fromSchema(schema: JsonSchema, name: string, known: KnownNames): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]))
  if (schema.const !== undefined) return fc.constant(schema.const)
  const alternatives = options(schema)
  if (alternatives?.length) {
    const usable = alternatives.filter((option) => !typesOf(option).includes('null'))
    return fc.oneof(
      ...(usable.length ? usable : alternatives).map((o) => validValue(o, name, known)),
    )
  }
  const examples = schema.examples as unknown[] | undefined
  const types = typesOf(schema).filter((type) => type !== 'null')
  const type = types[0]
  switch (type) {
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof exclusive === 'number'
            ? exclusive + 1
            : 0
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1_000_000) : 1_000
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    }
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(validValue(schema.items as JsonSchema | undefined, name, known), {
        maxLength: 3,
      })
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const required = (schema.required ?? []) as string[]
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [
            key,
            validValue(property, key, known),
          ]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      )
    }
    default: {
      if (schema.format === 'binary') return fc.constant('')
      if (examples?.length) return fc.constantFrom(...examples)
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1
      const maxLength = Math.max(
        minLength,
        Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 40),
      )
      if (schema.pattern === DATE_PATTERN) {
        return fc
          .date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10))
      }
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern)
        return fc
          .stringMatching(pattern)
          .filter((text) => text.length >= minLength && text.length <= maxLength)
      }
      return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' })
    }
  }
}

/** A hostile value for a field: hostile text, a spoiled valid value, a wrong type, numbers. */
export function hostileValue(
  schema: JsonSchema | undefined,
  name: string,
  known: KnownNames,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: spoiled(validValue(schema, name, known)) },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: hostileNumber },
    // Too long for the field by one, the classic off-by-one on a column.
    {
      weight: 1,
      arbitrary: fc.constant(
        'ن'.repeat((typeof schema?.maxLength === 'number' ? schema.maxLength : 255) + 1),
      ),
    },
  )
}

// --- requests ------------------------------------------------------------------------------------

export interface FuzzField {
  name: string
  where: 'path' | 'query' | 'body'
  schema: JsonSchema | undefined
  required: boolean
}

export interface FuzzOperation extends Operation {
  inputs: FuzzField[]
  /** JSON Schema of the whole body, when the operation declares one. */
  bodySchema: JsonSchema | undefined
  /** Whether the body may (`also`) or must (`only`) come as multipart/form-data. */
  multipart: 'no' | 'also' | 'only'
  /** The fields travel as a urlencoded form (the bank's callback). */
  formFields: boolean
}

const IDENTITY_WEIGHTS: Record<Access, Array<[Identity, number]>> = {
  public: [
    ['anonymous', 6],
    ['customer', 2],
    ['other', 1],
    ['staff', 1],
  ],
  user: [
    ['customer', 6],
    ['other', 2],
    ['staff', 1],
    ['anonymous', 1],
  ],
  staff: [
    ['staff', 7],
    ['customer', 1],
    ['other', 1],
    ['anonymous', 1],
  ],
}

const identity = (access: Access): fc.Arbitrary<Identity> =>
  fc.oneof(
    ...IDENTITY_WEIGHTS[access].map(([who, weight]) => ({ weight, arbitrary: fc.constant(who) })),
  )

const HEADER_SAFE = /^[\t\x20-\x7e\u0080-\u00ff]*$/

/** Hostile headers that are not ours to trust (sometimes), short enough for Node's 16 KB head. */
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .record(
        {
          'Idempotency-Key': fc.oneof(hostileString, fc.constant('k'.repeat(129))),
          'X-Request-Id': hostileString,
          'X-Forwarded-For': hostileString,
          'Accept-Language': hostileString,
        },
        { requiredKeys: [] },
      )
      .map((headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(
            ([, value]) => HEADER_SAFE.test(value) && value.length < 1_000,
          ),
        ),
      ),
  },
)

const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
  name: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('receipt.png', 'رسید.pdf', 'scan.jpg') },
    { weight: 2, arbitrary: hostileString.filter((name) => name.length < 300) },
  ),
  kind: fc.constantFrom('png', 'pdf', 'png', 'pdf', 'exe', 'empty', 'text'),
  type: fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html'),
})

const TRANSPORT_ATTACKS: Encoding[] = [
  'text-plain',
  'no-content-type',
  'xml',
  'json-utf16',
  'truncated-json',
  'truncated-multipart',
  'multipart-no-boundary',
  'invalid-utf8',
  'malformed',
  'malformed',
  'form',
  'multipart',
  'json',
]

/** Keys a body should ignore: prototype pollution and plain unknown fields. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'is_staff', 'role', 'id', 'user_id']

/**
 * Every request the fuzz can send to one operation. The weights keep most requests close to
 * valid (one hostile leaf in an otherwise valid request, the right caller) so that they get
 * past validation into the handler, where the crashes are.
 */
export function planFor(op: FuzzOperation, known: KnownNames): fc.Arbitrary<Plan> {
  const fields = op.inputs
  const valid = (field: FuzzField) => validValue(field.schema, field.name, known)
  const base = fc.record({
    identity: identity(op.access),
    values: fc.record(
      Object.fromEntries(fields.map((field) => [`${field.where}:${field.name}`, valid(field)])),
      {
        requiredKeys: fields
          .filter((field) => field.required || field.where === 'path')
          .map((field) => `${field.where}:${field.name}`),
      },
    ),
    file: op.multipart === 'no' ? fc.constant(null) : fileSpec,
    headers: hostileHeaders,
    cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    encoding: fc.constantFrom<Encoding>(
      ...(op.multipart === 'only'
        ? ['multipart' as const]
        : op.multipart === 'also'
          ? ['json' as const, 'multipart' as const]
          : op.formFields
            ? ['form' as const, 'json' as const]
            : op.body === 'none'
              ? ['none' as const]
              : ['json' as const]),
    ),
  })
  const defaultEncoding = DEFAULT

  type Draft = {
    attack: string
    values: Record<string, unknown>
    encoding: Encoding | typeof DEFAULT
    bodyOverride?: unknown
  }
  const modes: Array<{ weight: number; arbitrary: fc.Arbitrary<Draft> }> = []
  const keys = fields.map((field) => `${field.where}:${field.name}`)
  modes.push({
    weight: 6,
    arbitrary: fc.constant({ attack: 'valid', values: {}, encoding: defaultEncoding }),
  })
  if (fields.length > 0) {
    const pick = fc.constantFrom(...fields)
    modes.push({
      weight: 8,
      arbitrary: pick.chain((field) =>
        hostileValue(field.schema, field.name, known).map((value) => ({
          attack: `hostile ${field.where} ${field.name}`,
          values: { [`${field.where}:${field.name}`]: value },
          encoding: defaultEncoding,
        })),
      ),
    })
    modes.push({
      weight: 2,
      arbitrary: fc
        .tuple(...fields.map((field) => hostileValue(field.schema, field.name, known)))
        .map((values) => ({
          attack: 'every field hostile',
          values: Object.fromEntries(values.map((value, i) => [keys[i], value])),
          encoding: defaultEncoding,
        })),
    })
    modes.push({
      weight: 1,
      arbitrary: pick.chain((field) =>
        corpusString.map((value) => ({
          attack: `naughty string in ${field.name}`,
          values: { [`${field.where}:${field.name}`]: value },
          encoding: defaultEncoding,
        })),
      ),
    })
    modes.push({
      weight: 1,
      arbitrary: pick.map((field) => ({
        attack: `missing ${field.name}`,
        values: { [`${field.where}:${field.name}`]: MISSING },
        encoding: defaultEncoding,
      })),
    })
  }
  const bodyFields = fields.filter((field) => field.where === 'body')
  if (op.body !== 'none' || op.formFields) {
    modes.push({
      weight: 2,
      arbitrary: fc.oneof(
        // The same key twice: a valid value and a hostile one, in either order.
        ...(bodyFields.length > 0
          ? [
              fc.tuple(fc.constantFrom(...bodyFields), fc.boolean()).chain(([field, hostileLast]) =>
                hostileValue(field.schema, field.name, known).map((hostile) => ({
                  attack: `duplicate key ${field.name}`,
                  values: { [`body:${field.name}`]: new DuplicateMarker(hostile, hostileLast) },
                  encoding: defaultEncoding,
                })),
              ),
            ]
          : []),
        fc.tuple(fc.constantFrom(...EXTRA_KEYS), wrongType).map(([key, value]) => ({
          attack: `extra key ${key}`,
          values: { [`extra:${key}`]: value },
          encoding: defaultEncoding,
        })),
        fc
          .oneof(
            fc.constantFrom(null, [], '', 'text', 0, true, [{}]),
            deep,
            fc.constant(new Raw('{"a": 1,}')),
          )
          .map((body) => ({
            attack: 'body not an object',
            values: {},
            encoding: 'json' as const,
            bodyOverride: body,
          })),
      ),
    })
  }
  modes.push({
    weight: op.body === 'none' && !op.formFields ? 1 : 2,
    arbitrary: fc.constantFrom(...TRANSPORT_ATTACKS).map((encoding) => ({
      attack: `transport ${encoding}`,
      values: {},
      encoding,
    })),
  })

  return fc.tuple(base, fc.oneof(...modes)).map(([b, draft]) => {
    const values: Record<string, unknown> = { ...b.values }
    const extras: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(draft.values)) {
      if (key.startsWith('extra:')) extras[key.slice(6)] = value
      else if (value === MISSING) delete values[key]
      else if (value instanceof DuplicateMarker) {
        const validValue = values[key]
        const name = key.slice(5)
        values[key] = new Duplicates(
          value.hostileLast
            ? [
                [name, validValue],
                [name, value.hostile],
              ]
            : [
                [name, value.hostile],
                [name, validValue],
              ],
        )
      } else values[key] = value
    }
    const params: Record<string, unknown> = {}
    const query: Array<[string, unknown]> = []
    const body: Array<[string, unknown]> = []
    for (const [key, value] of Object.entries(values)) {
      const [where, ...rest] = key.split(':')
      const name = rest.join(':')
      if (where === 'path') params[name] = value
      else if (where === 'query') query.push([name, value])
      else body.push([name, value])
    }
    for (const [key, value] of Object.entries(extras)) body.push([key, value])
    return {
      attack: draft.attack,
      identity: b.identity,
      params,
      query,
      body: draft.bodyOverride !== undefined ? { whole: draft.bodyOverride } : { entries: body },
      encoding: draft.encoding === DEFAULT ? b.encoding : draft.encoding,
      file: b.file,
      cut: b.cut,
      headers: b.headers,
    } satisfies Plan
  })
}

const MISSING = Symbol('missing')
/** The operation's own encoding, chosen with the base request. */
const DEFAULT = 'default' as const

class DuplicateMarker {
  constructor(
    readonly hostile: unknown,
    readonly hostileLast: boolean,
  ) {}
}

// --- serialising -----------------------------------------------------------------------------------

/** JSON text of a value, with Raw text spliced in and Duplicates written key by key. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text
  if (value instanceof Duplicates) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`
  }
  if (value === undefined) return 'null'
  if (Object.is(value, -0)) return '-0'
  return JSON.stringify(value) ?? 'null'
}

/** A body's entries as one JSON object (a Duplicates entry becomes its repeated key). */
export function bodyJson(entries: Array<[string, unknown]>): string {
  const parts: string[] = []
  for (const [key, value] of entries) {
    if (value instanceof Duplicates && value.entries.every(([name]) => name === key)) {
      for (const [name, item] of value.entries)
        parts.push(`${JSON.stringify(name)}:${toJson(item)}`)
    } else parts.push(`${JSON.stringify(key)}:${toJson(value)}`)
  }
  return `{${parts.join(',')}}`
}

/** A value as one text field (query, path, form, multipart). */
export function asText(value: unknown): string[] {
  if (value instanceof Duplicates) return value.entries.flatMap(([, item]) => asText(item))
  if (value instanceof Raw) return [value.text]
  if (typeof value === 'string') return [value]
  if (value === undefined) return []
  if (Array.isArray(value)) return value.length ? value.flatMap(asText) : ['']
  if (value && typeof value === 'object') return [toJson(value)]
  return [Object.is(value, -0) ? '-0' : String(value)]
}
