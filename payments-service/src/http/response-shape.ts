import type { z } from 'zod'

/**
 * Response bodies leave through their route's zod schema, which both checks them (types,
 * enums, integers) and shapes them (undeclared fields are dropped: a model's password hash or
 * ciphertext can never reach a client by accident).
 *
 * Checking is for catching contract drift, and development, tests and CI do that on every
 * response. In production it would re-validate, on every request, values our own code just
 * built from typed data: measurable CPU on the hot paths (the quote, the order list) for no
 * protection, and a drift found there could only become a 500 for the customer. So production
 * keeps the shaping and skips the checks: `compileShaper` turns a schema into a function that
 * copies exactly the declared fields, recursively. Schemas it cannot mirror exactly
 * (transforms, pipes, unions, defaults, loose objects, …) fall back to the full zod parse, so
 * what leaves is never more than the schema declares.
 */
export type Shaper = (value: unknown) => unknown

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  catchall?: z.ZodType
  valueType?: z.ZodType
  checks?: Array<{ _zod: { def: { check: string } } }>
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Leaves that zod would hand back as they are. */
const PASS_THROUGH = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'enum',
  'literal',
  'null',
  'unknown',
  'any',
])

const identity: Shaper = (value) => value

function notShaped(expected: string): never {
  throw new TypeError(`response body does not match its schema: expected ${expected}`)
}

/** A copying shaper for the schema, or null when only zod itself can produce its output. */
export function compileShaper(schema: z.ZodType): Shaper | null {
  const def = defOf(schema)
  // .trim(), .toLowerCase() and co. are checks that rewrite the value: only zod applies them.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return null
  if (PASS_THROUGH.has(def.type)) return identity
  switch (def.type) {
    case 'nullable':
    case 'optional': {
      const inner = def.innerType && compileShaper(def.innerType)
      if (!inner) return null
      if (inner === identity) return identity
      return (value) => (value === null || value === undefined ? value : inner(value))
    }
    case 'array': {
      const element = def.element && compileShaper(def.element)
      if (!element) return null
      return (value) => {
        if (!Array.isArray(value)) notShaped('an array')
        return element === identity ? value.slice() : value.map((item) => element(item))
      }
    }
    case 'record': {
      // Only records of plain values: their contents are passed on as zod would.
      const values = def.valueType && compileShaper(def.valueType)
      if (values !== identity) return null
      return (value) => {
        if (typeof value !== 'object' || value === null) notShaped('an object')
        return value
      }
    }
    case 'object': {
      // A loose or strict object (catchall) keeps or refuses extra keys: leave it to zod.
      if (def.catchall || !def.shape) return null
      const fields: Array<[string, Shaper]> = []
      for (const [key, field] of Object.entries(def.shape)) {
        const shaper = compileShaper(field)
        if (!shaper) return null
        fields.push([key, shaper])
      }
      return (value) => {
        if (typeof value !== 'object' || value === null) notShaped('an object')
        const source = value as Record<string, unknown>
        const out: Record<string, unknown> = {}
        for (const [key, shaper] of fields) {
          const field = source[key]
          if (field !== undefined) out[key] = shaper(field)
        }
        return out
      }
    }
    default:
      return null
  }
}

/** How a route turns its handler's body into the response: checked (zod) or shaped only. */
export function responseWriter(schema: z.ZodType, validate: boolean): Shaper {
  const parse: Shaper = (value) => schema.parse(value)
  if (validate) return parse
  return compileShaper(schema) ?? parse
}
