import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../sandbox-bank/cards.ts'
import { SANDBOX_FOREIGN_CARD, SANDBOX_UNANSWERED_CARD } from '../../sandbox-identity/identities.ts'
import { addCard, verifiedCustomer } from '../../test/identity.ts'
import { useOrdersApp } from '../../test/orders.ts'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { MESSAGES } from '@arzpol/contracts/identity/customer'

/**
 * Bank cards the customer owns (ADR 024), through the HTTP API on real PostgreSQL,
 * with the sandbox inquiry provider as a real HTTP server.
 */

const t = useOrdersApp()

const cardsOf = (token: string) =>
  t.api.get<Array<Record<string, unknown>>>('/api/me/identity/cards/', { token })

describe('registering a card', () => {
  it('stores only the masked number and the hash, with the bank named from the BIN', async () => {
    const customer = await verifiedCustomer(t)
    // As typed on a Persian keyboard, in groups of four.
    const response = await addCard(t, customer.token, '۶۲۱۹-۸۶۱۰ ۰۰۰۰ ۰۰۰۹')
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      masked_number: '621986******0009',
      bank_name: 'بانک سامان',
    })
    expect(Object.keys(response.body).sort()).toEqual(
      ['bank_name', 'created_at', 'id', 'masked_number'].sort(),
    )
    const list = await cardsOf(customer.token)
    expect(list.body).toEqual([response.body])

    // Nowhere in the database is the full number.
    const rows = await t.deps.db('customer_cards').where({ user_id: customer.id })
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.success)
    const inquiries = await t.deps.db('identity_inquiries').where({ user_id: customer.id })
    expect(inquiries.map((row: { kind: string }) => row.kind)).toContain('card_owner')
    expect(JSON.stringify(inquiries)).not.toContain(TEST_CARDS.success)
  })

  it('refuses malformed numbers, a failed Luhn check and an unknown bank with field errors', async () => {
    const customer = await verifiedCustomer(t)
    const cases: Array<[unknown, string]> = [
      ['', CARD_MESSAGES.required],
      ['62198610000000', CARD_MESSAGES.cardInvalid],
      ['6219861000000008', CARD_MESSAGES.cardInvalid],
      ['<script>6219861000000009', CARD_MESSAGES.cardInvalid],
      [6219861000000009, CARD_MESSAGES.required],
      // Luhn-valid, but no Iranian bank has this BIN.
      ['4111111111111111', CARD_MESSAGES.unknownBank],
    ]
    for (const [card_number, message] of cases) {
      const response = await t.api.post<Record<string, string[]>>(
        '/api/me/identity/cards/',
        { card_number },
        { token: customer.token },
      )
      expect(response.status, `${String(card_number)}: ${response.text}`).toBe(400)
      expect(response.body.card_number).toEqual([message])
    }
    expect(await t.deps.db('customer_cards').where({ user_id: customer.id })).toHaveLength(0)
  })

  it('needs level 1: the owner question needs the national code and birth date', async () => {
    const customer = await t.customer()
    const asked = t.identity.matchingCalls
    const response = await addCard(t, customer.token, TEST_CARDS.success)
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({
      code: 'identity_level_required',
      detail: CARD_MESSAGES.levelRequired,
    })
    expect(t.identity.matchingCalls).toBe(asked)
  })

  it("refuses someone else's card (409 card_not_owner) and stores nothing", async () => {
    const customer = await verifiedCustomer(t)
    const response = await addCard(t, customer.token, SANDBOX_FOREIGN_CARD)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'card_not_owner', detail: CARD_MESSAGES.notOwner })
    expect(await t.deps.db('customer_cards').where({ user_id: customer.id })).toHaveLength(0)
  })

  it('refuses the same card twice, without asking the provider again', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success])
    const asked = t.identity.matchingCalls
    const again = await addCard(t, customer.token, TEST_CARDS.success)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'card_already_registered' })
    expect(t.identity.matchingCalls).toBe(asked)
  })

  it('two registrations of one card at once: one card, the other 409', async () => {
    const customer = await verifiedCustomer(t)
    const answers = await Promise.all([
      addCard(t, customer.token, TEST_CARDS.success),
      addCard(t, customer.token, TEST_CARDS.success),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await t.deps.db('customer_cards').where({ user_id: customer.id })).toHaveLength(1)
  })

  it('the same card may belong to two accounts only if the provider says so for each', async () => {
    const one = await verifiedCustomer(t, [TEST_CARDS.success])
    const two = await verifiedCustomer(t)
    // Per customer: another customer's registration does not block (the provider decides).
    expect((await addCard(t, two.token, TEST_CARDS.success)).status).toBe(201)
    expect((await cardsOf(one.token)).body).toHaveLength(1)
  })

  it('answers 503 inquiry_unavailable when the provider fails, never a card', async () => {
    const customer = await verifiedCustomer(t)
    const response = await addCard(t, customer.token, SANDBOX_UNANSWERED_CARD)
    expect(response.status).toBe(503)
    expect(response.body).toMatchObject({
      code: 'inquiry_unavailable',
      detail: MESSAGES.inquiryUnavailable,
      retry_after: 60,
    })
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await t.deps.db('customer_cards').where({ user_id: customer.id })).toHaveLength(0)
  })
})

describe('removing a card and who may see which', () => {
  it('removes the own card (204); it leaves the list and can be registered again', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success, TEST_CARDS.other])
    const [first] = (await cardsOf(customer.token)).body
    const removed = await t.api.request('DELETE', `/api/me/identity/cards/${String(first?.id)}/`, {
      token: customer.token,
    })
    expect(removed.status, removed.text).toBe(204)
    expect((await cardsOf(customer.token)).body.map((card) => card.masked_number)).toEqual([
      '621986******0018',
    ])
    // Kept as record, with when it was removed.
    const row = await t.deps.db('customer_cards').where({ id: first?.id }).first()
    expect(row.deleted_at).toBeInstanceOf(Date)
    expect((await addCard(t, customer.token, TEST_CARDS.success)).status).toBe(201)
  })

  it('IDOR: anonymous 401; another customer (or staff) sees none and removes none: 404', async () => {
    const owner = await verifiedCustomer(t, [TEST_CARDS.success])
    const [card] = (await cardsOf(owner.token)).body
    const path = `/api/me/identity/cards/${String(card?.id)}/`

    expect((await t.api.get('/api/me/identity/cards/')).status).toBe(401)
    expect(
      (await t.api.post('/api/me/identity/cards/', { card_number: TEST_CARDS.success })).status,
    ).toBe(401)
    expect((await t.api.request('DELETE', path)).status).toBe(401)

    for (const role of ['customer', 'support', 'admin'] as const) {
      const other = await t.customer(role)
      expect((await cardsOf(other.token)).body).toEqual([])
      const response = await t.api.request('DELETE', path, { token: other.token })
      expect(response.status, role).toBe(404)
    }
    // Removed twice, or an id that does not exist: 404 too.
    expect(
      (await t.api.request('DELETE', '/api/me/identity/cards/999999999/', { token: owner.token }))
        .status,
    ).toBe(404)
    expect((await cardsOf(owner.token)).body).toHaveLength(1)
  })
})
