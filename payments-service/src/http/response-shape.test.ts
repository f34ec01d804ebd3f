import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { validatesResponses } from '../config/env.ts'
import { CustomerOrderDetailOut, CustomerOrderOut } from '@arzpol/contracts/orders/customer'
import { compileShaper, responseWriter } from './response-shape.ts'

const payment = {
  id: 7,
  user_id: 3,
  status: 'pending',
  stage: 'awaiting_payment',
  payment_type: 'topup',
  site_url: 'https://wallet.example.com/',
  site_username: 'ali',
  site_password_enc: Buffer.from('secret'),
  site_password_key_id: 'k1',
  amount: '100.00',
  currency: 'USD',
  amount_irr: 1,
  subtotal_irr: 1,
  fee_irr: 0,
  rate_irr: 1,
  rate_locked_until: new Date(),
  description: null,
  meta: { flow: 'topup' },
  sheba: null,
  paid_at: null,
  created_at: new Date(),
}

describe('response shaping without validation (production)', () => {
  it('is off only in production unless VALIDATE_RESPONSES says otherwise', () => {
    expect(validatesResponses({ APP_ENV: 'production', VALIDATE_RESPONSES: undefined })).toBe(false)
    expect(validatesResponses({ APP_ENV: 'test', VALIDATE_RESPONSES: undefined })).toBe(true)
    expect(validatesResponses({ APP_ENV: 'development', VALIDATE_RESPONSES: undefined })).toBe(true)
    expect(validatesResponses({ APP_ENV: 'production', VALIDATE_RESPONSES: true })).toBe(true)
  })

  it('sends exactly what the zod parse sends, undeclared fields dropped at every depth', () => {
    const detail = {
      ...payment,
      missing: [],
      events: [
        {
          id: 1,
          from_stage: null,
          to_stage: 'awaiting_payment',
          reason: 'created',
          actor: 'customer',
          note: null,
          reference: null,
          actor_user_id: 3,
          data: { x: 1 },
          created_at: new Date(),
        },
      ],
    }
    for (const [schema, body] of [
      [CustomerOrderOut, payment],
      [z.array(CustomerOrderOut), [payment, payment]],
      [CustomerOrderDetailOut, detail],
    ] as const) {
      const shaped = responseWriter(schema, false)(body)
      expect(JSON.stringify(shaped)).toBe(JSON.stringify(schema.parse(body)))
      expect(JSON.stringify(shaped)).not.toContain('site_password')
      expect(JSON.stringify(shaped)).not.toContain('user_id')
    }
  })

  it('leaves schemas it cannot mirror exactly to zod', () => {
    expect(compileShaper(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull()
    expect(compileShaper(z.object({ a: z.string().trim() }))).toBeNull()
    expect(compileShaper(z.looseObject({ a: z.string() }))).toBeNull()
    expect(compileShaper(z.union([z.object({ a: z.string() }), z.string()]))).toBeNull()
    expect(compileShaper(z.object({ a: z.string().default('x') }))).toBeNull()
    const trimmed = z.object({ a: z.string().trim() })
    expect(responseWriter(trimmed, false)({ a: ' x ', b: 1 })).toEqual({ a: 'x' })
  })

  it('refuses a body of the wrong kind instead of sending it', () => {
    const write = responseWriter(z.array(CustomerOrderOut), false)
    expect(() => write({ not: 'a list' })).toThrow(TypeError)
    expect(() => responseWriter(CustomerOrderOut, false)(null)).toThrow(TypeError)
  })
})
