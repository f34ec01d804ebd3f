import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as authCustomer from './auth/customer.ts'
import * as authStaff from './auth/staff.ts'
import * as catalogCustomer from './catalog/customer.ts'
import * as catalogStaff from './catalog/staff.ts'
import * as identityCustomer from './identity/customer.ts'
import * as identityDocuments from './identity/documents.ts'
import * as identityReview from './identity/review.ts'
import * as identityStaff from './identity/staff.ts'
import * as ledgerStaff from './ledger/staff.ts'
import * as ordersCustomer from './orders/customer.ts'
import * as ordersStaff from './orders/staff.ts'
import { OrderDetailOut } from './orders/staff.ts'
import * as staffCommon from './staff.ts'
import * as ticketsCustomer from './tickets/customer.ts'
import * as ticketsStaff from './tickets/staff.ts'
import * as usersCustomer from './users/customer.ts'
import * as usersStaff from './users/staff.ts'
import { wire } from './wire.ts'

describe('wire', () => {
  const Schema = z.object({
    id: z.number().int(),
    created_at: z.date(),
    paid_at: z.date().nullable(),
    items: z.array(z.object({ at: z.date(), note: z.string().optional() })),
    seen_at: z.date().optional(),
  })

  it('reads the JSON of what the server schema accepted: dates become ISO strings', () => {
    const served = Schema.parse({
      id: 7,
      created_at: new Date('2026-11-25T10:00:00.000Z'),
      paid_at: null,
      items: [{ at: new Date('2026-11-24T20:30:00.000Z') }],
    })
    const received = wire(Schema).parse(JSON.parse(JSON.stringify(served)))
    expect(received).toEqual({
      id: 7,
      created_at: '2026-11-25T10:00:00.000Z',
      paid_at: null,
      items: [{ at: '2026-11-24T20:30:00.000Z' }],
    })
  })

  it('keeps every other check: a wrong enum, a float or a non-date string is refused', () => {
    const json = { id: 1.5, created_at: '2026-11-25T10:00:00.000Z', paid_at: null, items: [] }
    expect(wire(Schema).safeParse(json).success).toBe(false)
    expect(wire(Schema).safeParse({ ...json, id: 1, created_at: 'yesterday' }).success).toBe(false)
  })

  it('leaves a schema without dates as it is', () => {
    const plain = z.object({ a: z.string() })
    expect(wire(plain)).toBe(plain)
  })

  it("turns the staff order detail's nested dates (documents, events, refunds) into strings", () => {
    const json = wire(OrderDetailOut).safeParse({})
    expect(json.success).toBe(false)
    const paths = json.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toContain('created_at')
    const shape = (wire(OrderDetailOut) as unknown as z.ZodObject).shape
    const events = shape['events'] as z.ZodArray<z.ZodObject>
    expect(events.element.shape['created_at']!.safeParse('2026-11-25T10:00:00.000Z').success).toBe(
      true,
    )
  })
})

/** Every module that holds request and response schemas. */
const modules: Record<string, Record<string, unknown>> = {
  authCustomer,
  authStaff,
  catalogCustomer,
  catalogStaff,
  identityCustomer,
  identityDocuments,
  identityReview,
  identityStaff,
  ledgerStaff,
  ordersCustomer,
  ordersStaff,
  staffCommon,
  ticketsCustomer,
  ticketsStaff,
  usersCustomer,
  usersStaff,
}

type Node = { _zod: { def: Record<string, unknown> & { type: string } } }
const isSchema = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && '_zod' in value

const OPENED = new Set(['object', 'array', 'nullable', 'optional'])

/** Paths of dates that sit inside a wrapper `wire` does not open (which it would leave as dates). */
function hiddenDates(
  schema: Node,
  path: string,
  inside: boolean,
  seen = new Set<Node>(),
): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = schema._zod.def
  if (def.type === 'date') return inside ? [path] : []
  const hidden = inside || !OPENED.has(def.type)
  return Object.entries(def).flatMap(([key, value]) => {
    const children = Array.isArray(value)
      ? value
      : key === 'shape' && value && typeof value === 'object'
        ? Object.values(value)
        : [value]
    return children
      .filter(isSchema)
      .flatMap((child) => hiddenDates(child, `${path}.${key}`, hidden, seen))
  })
}

describe('wire covers every response schema', () => {
  it('finds a date wire would miss (the check itself)', () => {
    const Hidden = z.object({ at: z.union([z.date(), z.string()]), ok: z.date().nullable() })
    expect(hiddenDates(Hidden as unknown as Node, 'Hidden', false)).toEqual([
      'Hidden.shape.options',
    ])
  })

  it('no exported schema holds a date inside a union, pipe, record, default or lazy', () => {
    const found = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter((entry): entry is [string, Node] => isSchema(entry[1]))
        .flatMap(([name, schema]) => hiddenDates(schema, `${file}:${name}`, false)),
    )
    expect(Object.keys(modules).length).toBeGreaterThan(10)
    expect(found).toEqual([])
  })
})
