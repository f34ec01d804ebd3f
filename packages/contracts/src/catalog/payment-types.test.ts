import { CREDENTIAL_PAYMENT_TYPES, PAYMENT_TYPE_CODES } from '../orders.ts'
import { describe, expect, it } from 'vitest'
import { PAYMENT_TYPES } from './payment-types.ts'

/** The eight payment type codes in their order, copied from docs/product/orders.md. */
const SPEC_PAYMENT_TYPE_CODES = 'topup exams payout subscriptions visa cloud domain ads'.split(' ')

describe('payment type catalog', () => {
  it("pins PAYMENT_TYPE_CODES to the spec's list, the one list web and payments-service use", () => {
    expect([...PAYMENT_TYPE_CODES]).toEqual(SPEC_PAYMENT_TYPE_CODES)
  })

  it('holds exactly the eight payment types, in order', () => {
    expect(PAYMENT_TYPES.map((type) => type.value)).toEqual([...PAYMENT_TYPE_CODES])
  })

  it('asks for site credentials on exactly the types web asks them for', () => {
    const withCredentials = PAYMENT_TYPES.filter((type) => type.needs_credentials)
    expect(withCredentials.map((type) => type.value)).toEqual([...CREDENTIAL_PAYMENT_TYPES])
  })
})
