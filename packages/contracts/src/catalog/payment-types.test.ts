import { CREDENTIAL_PAYMENT_TYPES, PAYMENT_TYPE_CODES } from '../orders.ts'
import { describe, expect, it } from 'vitest'
import { PAYMENT_TYPES } from './payment-types.ts'

describe('payment type catalog', () => {
  it('holds exactly the eight types of spec §3, in order', () => {
    expect(PAYMENT_TYPES.map((type) => type.value)).toEqual([...PAYMENT_TYPE_CODES])
  })

  it('asks for site credentials on exactly the types web asks them for (spec §5/§9)', () => {
    const withCredentials = PAYMENT_TYPES.filter((type) => type.needs_credentials)
    expect(withCredentials.map((type) => type.value)).toEqual([...CREDENTIAL_PAYMENT_TYPES])
  })
})
