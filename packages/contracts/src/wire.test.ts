import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { OrderDetailOut } from './orders/staff.ts'
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
