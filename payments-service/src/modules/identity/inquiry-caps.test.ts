import { describe, expect, it } from 'vitest'
import { tehranDayBounds, tehranDayOf } from '../../lib/tehran-day.ts'
import { purgeInquiryCharges } from './inquiry-caps.ts'
import { insertLevel1, luhnCard } from '../../test/identity.ts'
import { createOrder, createPayoutOrder, uploadDocument, useOrdersApp } from '../../test/orders.ts'
import { PAYOUT_ORDER } from '../../test/sample-orders.ts'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { MESSAGES } from '@arzpol/contracts/identity/customer'

/**
 * Daily caps on the questions we pay the identity provider for (ADR 030): per customer and per
 * client address, counted in PostgreSQL under advisory locks, reset at Tehran midnight; answers
 * reused from the record are free and never refused. And the cap on a customer's cards.
 */

const PER_CUSTOMER = 3
const PER_ADDRESS = 5
const CARDS = 2
const PRICE_IRR = 25_000
const IDENTITY = { nationalCode: '0024681350', birthDate: '1370/06/15' }

const t = useOrdersApp({
  IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY: String(PER_CUSTOMER),
  IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY: String(PER_ADDRESS),
  IDENTITY_CARD_LIMIT_PER_CUSTOMER: String(CARDS),
  IDENTITY_INQUIRY_PRICE_IRR: String(PRICE_IRR),
})

let nextAddress = 0
/** A client address of its own for each test, so no test spends another's budget. */
const freshAddress = () => `198.51.100.${String((nextAddress += 1))}`

/** A customer at level 1 straight in the database: reaching it through the API would pay. */
async function customerAtLevel1() {
  const customer = await t.customer()
  await insertLevel1(t.deps, customer.id)
  return customer
}

const addCardFrom = (token: string, cardNumber: string, address: string) =>
  t.api.post<Record<string, unknown>>(
    '/api/me/identity/cards/',
    { card_number: cardNumber },
    { token, headers: { 'X-Forwarded-For': address } },
  )

async function removeCards(token: string) {
  const cards = await t.api.get<Array<{ id: number }>>('/api/me/identity/cards/', { token })
  for (const card of cards.body) {
    const removed = await t.api.request('DELETE', `/api/me/identity/cards/${String(card.id)}/`, {
      token,
    })
    expect(removed.status).toBe(204)
  }
}

/** Seconds from the clock's now to the end of its Tehran day, as `retry_after` says. */
function secondsToTehranMidnight(): number {
  const now = t.clock.now()
  return Math.ceil((tehranDayBounds(tehranDayOf(now)).end.getTime() - now.getTime()) / 1000)
}

function expectRefused(
  response: { status: number; body: unknown; headers: Headers },
  detail: string,
) {
  const retryAfter = secondsToTehranMidnight()
  expect(response.status).toBe(429)
  expect(response.body).toEqual({ detail, code: 'inquiry_limit', retry_after: retryAfter })
  expect(response.headers.get('retry-after')).toBe(String(retryAfter))
}

async function counted(kind: string, outcome: string): Promise<number> {
  const metric = await t.deps.metrics.inquiries.get()
  return (
    metric.values.find((v) => v.labels.kind === kind && v.labels.outcome === outcome)?.value ?? 0
  )
}

async function costOf(kind: string): Promise<number> {
  const metric = await t.deps.metrics.inquiryCostIrr.get()
  return metric.values.find((v) => v.labels.kind === kind)?.value ?? 0
}

describe('the per-customer daily cap', () => {
  it('refuses the paid inquiry after the cap (429 inquiry_limit until Tehran midnight); a reused answer is free', async () => {
    const customer = await customerAtLevel1()
    const address = freshAddress()
    const [a, b, c, d] = [luhnCard(1), luhnCard(2), luhnCard(3), luhnCard(4)]

    expect((await addCardFrom(customer.token, a, address)).status).toBe(201)
    expect((await addCardFrom(customer.token, b, address)).status).toBe(201)
    await removeCards(customer.token)
    // Asked yesterday or a minute ago: answered from the record, not paid, not counted.
    const asked = t.identity.matchingCalls
    expect((await addCardFrom(customer.token, a, address)).status).toBe(201)
    expect(t.identity.matchingCalls).toBe(asked)
    await removeCards(customer.token)
    expect((await addCardFrom(customer.token, c, address)).status).toBe(201)
    await removeCards(customer.token)

    const refused = await addCardFrom(customer.token, d, address)
    expectRefused(refused, MESSAGES.inquiryLimitCustomer)
    expect(t.identity.matchingCalls).toBe(asked + 1)
    expect(
      await t.deps.db('customer_cards').where({ user_id: customer.id }).whereNull('deleted_at'),
    ).toHaveLength(0)
    // Over the cap, an answer on record is still given.
    expect((await addCardFrom(customer.token, b, address)).status).toBe(201)
  })

  it('opens again on the next Tehran day', async () => {
    const customer = await customerAtLevel1()
    const address = freshAddress()
    for (const n of [11, 12]) {
      expect((await addCardFrom(customer.token, luhnCard(n), address)).status).toBe(201)
    }
    await removeCards(customer.token)
    expect((await addCardFrom(customer.token, luhnCard(13), address)).status).toBe(201)
    await removeCards(customer.token)
    expect((await addCardFrom(customer.token, luhnCard(14), address)).status).toBe(429)

    // Access tokens live minutes: a new one after each jump of the clock.
    const tokenNow = () => t.deps.tokens.signAccess(customer.user)
    t.clock.advance(secondsToTehranMidnight() - 1)
    expect((await addCardFrom(await tokenNow(), luhnCard(14), address)).status).toBe(429)
    t.clock.advance(1)
    expect((await addCardFrom(await tokenNow(), luhnCard(14), address)).status).toBe(201)
  })

  it('a burst of three times the cap at once pays for exactly the cap', async () => {
    const customer = await customerAtLevel1()
    const address = freshAddress()
    const asked = t.identity.matchingCalls
    const answers = await Promise.all(
      Array.from({ length: 3 * PER_CUSTOMER }, (_, i) =>
        addCardFrom(customer.token, luhnCard(100 + i), address),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(t.identity.matchingCalls - asked).toBe(PER_CUSTOMER)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * PER_CUSTOMER)
    // Of the answered ones, the card cap keeps two.
    expect(statuses.filter((status) => status === 201)).toHaveLength(CARDS)
    expect(
      await t.deps.db('identity_inquiries').where({ user_id: customer.id, kind: 'card_owner' }),
    ).toHaveLength(PER_CUSTOMER)
  })
})

describe('the per-address daily cap', () => {
  it('holds for several customers behind one carrier address; other addresses go on', async () => {
    const address = freshAddress()
    const customers = await Promise.all([1, 2, 3].map(() => customerAtLevel1()))
    const [one, two, three] = customers as [
      (typeof customers)[0],
      (typeof customers)[0],
      (typeof customers)[0],
    ]
    expect((await addCardFrom(one.token, luhnCard(201), address)).status).toBe(201)
    expect((await addCardFrom(one.token, luhnCard(202), address)).status).toBe(201)
    expect((await addCardFrom(two.token, luhnCard(203), address)).status).toBe(201)
    expect((await addCardFrom(two.token, luhnCard(204), address)).status).toBe(201)
    expect((await addCardFrom(three.token, luhnCard(205), address)).status).toBe(201)

    // The third customer has paid for one question today, but the address for five.
    expectRefused(
      await addCardFrom(three.token, luhnCard(206), address),
      MESSAGES.inquiryLimitAddress,
    )
    expect((await addCardFrom(three.token, luhnCard(206), freshAddress())).status).toBe(201)
  })

  it('a burst from many customers behind one address pays for exactly the cap', async () => {
    const address = freshAddress()
    const customers = await Promise.all(
      Array.from({ length: PER_ADDRESS }, () => customerAtLevel1()),
    )
    const asked = t.identity.matchingCalls
    const answers = await Promise.all(
      customers.flatMap((customer, i) =>
        [0, 1, 2].map((j) => addCardFrom(customer.token, luhnCard(300 + i * 3 + j), address)),
      ),
    )
    expect(t.identity.matchingCalls - asked).toBe(PER_ADDRESS)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2 * PER_ADDRESS)
    const charged = await t.deps.db('identity_inquiry_charges').where({ client_ip: address })
    expect(charged).toHaveLength(PER_ADDRESS)
  })

  it('background work has no address: counted for the customer only', async () => {
    // A question asked for the customer by background work (the review of their cash-outs
    // after level 1) comes from no request.
    const customer = await customerAtLevel1()
    const ask = (n: number) =>
      t.services.identity.inquiries.ask(
        'sheba_owner',
        { sheba: `IR8205401026800208179090${String(n).padStart(2, '0')}`, ...IDENTITY },
        { userId: customer.id, clientIp: null },
      )
    for (const n of [1, 2, 3]) expect(await ask(n)).toBe('matched')
    await expect(ask(4)).rejects.toMatchObject({
      status: 429,
      code: 'inquiry_limit',
      detail: MESSAGES.inquiryLimitCustomer,
    })
    const charges = await t.deps.db('identity_inquiry_charges').where({ user_id: customer.id })
    expect(charges.map((row: { client_ip: string | null }) => row.client_ip)).toEqual([
      null,
      null,
      null,
    ])
  })
})

describe('where the address comes from', () => {
  it('the level-1 request, a card and a cash-out Sheba are counted against the caller’s address', async () => {
    const customer = await t.customer()
    const address = freshAddress()
    const level1 = await t.api.post(
      '/api/me/identity/',
      {
        first_name: 'علی',
        last_name: 'رضایی',
        national_code: '0024681350',
        birth_date: '1370/06/15',
      },
      { token: customer.token, headers: { 'X-Forwarded-For': address } },
    )
    expect(level1.status, level1.text).toBe(200)
    expect((await addCardFrom(customer.token, luhnCard(500), address)).status).toBe(201)
    const order = await createPayoutOrder(t, customer.token)
    const sheba = await t.api.post(
      `/api/payments/${String(order.id)}/sheba/`,
      { sheba: 'IR820540102680020817909002' },
      { token: customer.token, headers: { 'X-Forwarded-For': address } },
    )
    expect(sheba.status, sheba.text).toBe(200)
    const charges = await t.deps
      .db('identity_inquiry_charges')
      .where({ user_id: customer.id })
      .orderBy('id')
    expect(
      charges.map((row: { kind: string; client_ip: string }) => [row.kind, row.client_ip]),
    ).toEqual([
      ['mobile_national_code', address],
      ['card_owner', address],
      ['sheba_owner', address],
    ])
  })
})

describe('a Sheba already on a cash-out, asked about for the customer', () => {
  it('over the cap it stays unchecked like an unanswered one: the document is stored all the same', async () => {
    const customer = await t.customer()
    // Given at level 0, where nobody can ask whose it is.
    const order = await createOrder(t, customer.token, {
      ...PAYOUT_ORDER,
      sheba: 'IR820540102680020817909002',
    })
    await insertLevel1(t.deps, customer.id)
    await t.deps.db('identity_inquiry_charges').insert(
      Array.from({ length: PER_CUSTOMER }, () => ({
        user_id: customer.id,
        client_ip: null,
        kind: 'card_owner',
        created_at: t.clock.now(),
      })),
    )
    const asked = t.identity.matchingCalls
    await uploadDocument(t, customer.token, order.id)
    expect(t.identity.matchingCalls).toBe(asked)
    const detail = await t.api.get<{ sheba: string | null; missing: string[] }>(
      `/api/payments/${String(order.id)}/`,
      { token: customer.token },
    )
    expect(detail.body.sheba).toBe('IR820540102680020817909002')
    expect(detail.body.missing).toContain('sheba_owner_check')
  })
})

describe('the cards cap', () => {
  it('refuses a card past the cap with 409 too_many_cards, before any paid question', async () => {
    const customer = await customerAtLevel1()
    const address = freshAddress()
    expect((await addCardFrom(customer.token, luhnCard(601), address)).status).toBe(201)
    expect((await addCardFrom(customer.token, luhnCard(602), address)).status).toBe(201)
    const asked = t.identity.matchingCalls
    const refused = await addCardFrom(customer.token, luhnCard(603), address)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ detail: CARD_MESSAGES.tooMany(CARDS), code: 'too_many_cards' })
    expect(t.identity.matchingCalls).toBe(asked)
    // A removed card frees its place.
    const [first] = (
      await t.api.get<Array<{ id: number }>>('/api/me/identity/cards/', { token: customer.token })
    ).body
    await t.api.request('DELETE', `/api/me/identity/cards/${String(first?.id)}/`, {
      token: customer.token,
    })
    expect((await addCardFrom(customer.token, luhnCard(603), address)).status).toBe(201)
  })
})

describe('the inquiry metric', () => {
  it('counts questions sent, answered from the record and refused by kind, and what they cost', async () => {
    const before = {
      sent: await counted('card_owner', 'sent'),
      reused: await counted('card_owner', 'reused'),
      refused: await counted('card_owner', 'refused'),
      cost: await costOf('card_owner'),
    }
    const customer = await customerAtLevel1()
    const address = freshAddress()
    for (const n of [701, 702]) {
      expect((await addCardFrom(customer.token, luhnCard(n), address)).status).toBe(201)
    }
    await removeCards(customer.token)
    expect((await addCardFrom(customer.token, luhnCard(701), address)).status).toBe(201)
    expect((await addCardFrom(customer.token, luhnCard(703), address)).status).toBe(201)
    await removeCards(customer.token)
    expect((await addCardFrom(customer.token, luhnCard(704), address)).status).toBe(429)

    expect(await counted('card_owner', 'sent')).toBe(before.sent + 3)
    expect(await counted('card_owner', 'reused')).toBe(before.reused + 1)
    expect(await counted('card_owner', 'refused')).toBe(before.refused + 1)
    expect(await costOf('card_owner')).toBe(before.cost + 3 * PRICE_IRR)
  })
})

describe('the charges on record', () => {
  it('are deleted after a week; the caps only read today', async () => {
    const customer = await customerAtLevel1()
    const now = t.clock.now()
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
    await t.deps.db('identity_inquiry_charges').insert(
      [8, 7.5, 6, 0].map((days) => ({
        user_id: customer.id,
        client_ip: '192.0.2.1',
        kind: 'card_owner',
        created_at: daysAgo(days),
      })),
    )
    expect(await purgeInquiryCharges({ db: t.deps.db, clock: t.clock })).toBe(2)
    expect(await t.deps.db('identity_inquiry_charges')).toHaveLength(2)
  })
})
