import type { Knex } from 'knex'
import { expect } from 'vitest'
import type { Clock } from '../lib/clock.ts'
import { TEST_CARDS } from '../sandbox-bank/cards.ts'
import { SANDBOX_IDENTITIES } from '../sandbox-identity/identities.ts'
import type { User } from '../models/user.model.ts'
import type { TestClient } from './http.ts'

/** Test support for identity (ADR 022, ADR 024): customers at level 1, with registered cards. */

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

/**
 * The customer at level 1, as a cash-out needs, with the sandbox bank's paying card registered
 * so their payments still start (from level 1 on only registered cards pay). Nothing when they
 * are at level 1 already.
 */
export async function ensureLevel1(t: WithApi, token: string): Promise<void> {
  const identity = await t.api.get<{ level: number }>('/api/me/identity/', { token })
  if (identity.body.level >= 1) return
  await reachLevel1(t, token)
  expect((await addCard(t, token, TEST_CARDS.success)).status).toBe(201)
}

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

/**
 * Limits no test sequence reaches, for model tests whose customers place many orders over
 * simulated days (the limits themselves are tested in identity.test.ts).
 */
export async function liftIdentityLimits(db: Knex): Promise<void> {
  await db('identity_levels').insert(
    [0, 1].map((level) => ({
      level,
      per_order_irr: 1e12,
      per_day_irr: 1e14,
      per_month_irr: 1e14,
    })),
  )
}

/**
 * Level 1 straight in the database (a fresh national code): for tests that count the paid
 * inquiries, where reaching it through the API would spend one.
 */
export async function insertLevel1(deps: { db: Knex; clock: Clock }, userId: number) {
  const now = deps.clock.now()
  await deps.db('customer_identities').insert({
    user_id: userId,
    level: 1,
    first_name: 'علی',
    last_name: 'رضایی',
    national_code: freshNationalCode(),
    birth_date_jalali: '1370/06/15',
    birth_date: '1991-09-06',
    level1_at: now,
    created_at: now,
    updated_at: now,
  })
}

/**
 * The `n`th of a family of Luhn-valid Saman cards (`621986…`): distinct numbers whose owner the
 * sandbox provider says is the customer, so each is a new (paid) question.
 */
export function luhnCard(n: number): string {
  const body = `621986${String(n).padStart(9, '0')}`
  const sum = [...body].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1)
    return total + (digit > 9 ? digit - 9 : digit)
  }, 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}
