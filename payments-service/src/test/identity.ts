import { expect } from 'vitest'
import { SANDBOX_IDENTITIES } from '../sandbox-identity/identities.ts'
import type { User } from '../models/user.model.ts'
import type { TestClient } from './http.ts'

/** Test support for identity (issue 18): customers at level 1, with registered cards. */

interface WithApi {
  readonly api: TestClient
}
interface WithCustomers extends WithApi {
  customer(): Promise<{ id: number; token: string; user: User }>
}

let serial = 0

/**
 * A national code with a valid checksum, a new one per call (one account per national code);
 * the sandbox provider matches every code but its named test identities.
 */
export function freshNationalCode(): string {
  for (;;) {
    serial += 1
    const body = String(100_000_000 + ((Date.now() + serial * 7919) % 800_000_000)).slice(0, 9)
    const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0)
    const remainder = sum % 11
    const code = `${body}${remainder < 2 ? remainder : 11 - remainder}`
    if (!(Object.values(SANDBOX_IDENTITIES) as string[]).includes(code)) return code
  }
}

/** The customer reaches level 1 through the API (name, a fresh national code, birth date). */
export async function reachLevel1(t: WithApi, token: string, nationalCode = freshNationalCode()) {
  const response = await t.api.post<Record<string, unknown>>(
    '/api/me/identity/',
    {
      first_name: 'علی',
      last_name: 'رضایی',
      national_code: nationalCode,
      birth_date: '1370/06/15',
    },
    { token },
  )
  expect(response.status, response.text).toBe(200)
  return nationalCode
}

export const addCard = (t: WithApi, token: string, cardNumber: string) =>
  t.api.post<Record<string, unknown>>(
    '/api/me/identity/cards/',
    { card_number: cardNumber },
    { token },
  )

/** A new customer at level 1 with `cards` registered (the sandbox bank's cards pay). */
export async function verifiedCustomer(t: WithCustomers, cards: string[] = []) {
  const customer = await t.customer()
  await reachLevel1(t, customer.token)
  for (const card of cards) {
    const response = await addCard(t, customer.token, card)
    expect(response.status, response.text).toBe(201)
  }
  return customer
}
