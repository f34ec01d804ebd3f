import { z } from 'zod'

/**
 * A response schema as its JSON arrives at a client. payments-service's response schemas declare
 * timestamps as `z.date()`: its handlers return Date objects, the schema checks them, and
 * JSON.stringify writes them as ISO 8601 strings. A client reading the JSON gets those strings,
 * so `wire(schema)` is the same schema with every date replaced by an ISO date-time string; all
 * other checks (enums, integers, nullability) stay as they are.
 *
 * Dates are found inside objects, arrays, nullable and optional; the response schemas use no
 * other wrapper around a date (wire.test.ts checks every one against its JSON form).
 */

export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

const isoDateTime = z.iso.datetime({ offset: true })

function convert(schema: z.ZodType): z.ZodType {
  const def = defOf(schema)
  switch (def.type) {
    case 'date':
      return isoDateTime
    case 'object': {
      const shape = def.shape ?? {}
      const converted = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, convert(value)]),
      )
      const changed = Object.keys(shape).some((key) => converted[key] !== shape[key])
      return changed ? (schema as z.ZodObject).extend(converted) : schema
    }
    case 'array': {
      const element = convert(def.element as z.ZodType)
      return element === def.element ? schema : z.array(element)
    }
    case 'nullable': {
      const inner = convert(def.innerType as z.ZodType)
      return inner === def.innerType ? schema : inner.nullable()
    }
    case 'optional': {
      const inner = convert(def.innerType as z.ZodType)
      return inner === def.innerType ? schema : inner.optional()
    }
    default:
      return schema
  }
}

/** The schema of `schema`'s JSON form: dates are ISO date-time strings (see above). */
export function wire<S extends z.ZodType>(schema: S): z.ZodType<Wire<z.output<S>>> {
  return convert(schema) as unknown as z.ZodType<Wire<z.output<S>>>
}
