import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../sandbox-bank/cards.ts'
import { SANDBOX_FOREIGN_CARD } from '../../sandbox-identity/identities.ts'
import { addCard, verifiedCustomer } from '../../test/identity.ts'
import { useOrdersApp } from '../../test/orders.ts'

/**
 * ADR 024: a customer's cards in the staff identity history, through the HTTP API on
 * real PostgreSQL, with the sandbox inquiry provider as a real HTTP server.
 */

const t = useOrdersApp()

type Json = Record<string, unknown>
const sha256 = (digits: string) => createHash('sha256').update(digits).digest('hex')

/** The test clock stands still; registrations a few seconds apart, as people make them. */
async function addCardLater(token: string, card: string) {
  t.clock.advance(5)
  return addCard(t, token, card)
}

describe("the customer's cards in the staff identity history", () => {
  it('lists every card, removed ones too, masked, with the owner question asked for it', async () => {
    const customer = await verifiedCustomer(t)
    const first = await addCardLater(customer.token, TEST_CARDS.success)
    expect(first.status, first.text).toBe(201)
    // Refused (someone else's card): its mismatched question belongs to no card.
    expect((await addCardLater(customer.token, SANDBOX_FOREIGN_CARD)).status).toBe(409)
    const second = await addCardLater(customer.token, TEST_CARDS.other)
    expect(second.status, second.text).toBe(201)
    t.clock.advance(5)
    await t.api.request('DELETE', `/api/me/identity/cards/${String(first.body.id)}/`, {
      token: customer.token,
    })
    // The same card again: the owner's answer is reused, nothing new is asked.
    const again = await addCardLater(customer.token, TEST_CARDS.success)
    expect(again.status, again.text).toBe(201)

    const asked = (await t.deps
      .db('identity_inquiries')
      .where({ user_id: customer.id, kind: 'card_owner' })
      .orderBy('id')
      .select('id', 'result')) as Array<{ id: number; result: string }>
    expect(asked.map((row) => row.result)).toEqual(['matched', 'mismatched', 'matched'])

    for (const role of ['support', 'admin'] as const) {
      const staff = await t.customer(role)
      const history = await t.api.get<{ cards: Json[] }>(
        `/api/staff/users/${customer.id}/identity/`,
        { token: staff.token },
      )
      expect(history.status, history.text).toBe(200)
      expect(history.body.cards).toEqual([
        {
          id: again.body.id,
          masked_number: '621986******0009',
          bank_name: 'بانک سامان',
          created_at: again.body.created_at,
          deleted_at: null,
          owner_inquiry: null,
        },
        {
          id: second.body.id,
          masked_number: '621986******0018',
          bank_name: 'بانک سامان',
          created_at: second.body.created_at,
          deleted_at: null,
          owner_inquiry: {
            id: asked[2]?.id,
            result: 'matched',
            created_at: second.body.created_at,
          },
        },
        {
          id: first.body.id,
          masked_number: '621986******0009',
          bank_name: 'بانک سامان',
          created_at: first.body.created_at,
          deleted_at: expect.any(String),
          owner_inquiry: { id: asked[0]?.id, result: 'matched', created_at: first.body.created_at },
        },
      ])
      // Never the hash, in any field.
      for (const card of [TEST_CARDS.success, TEST_CARDS.other])
        expect(history.text).not.toContain(sha256(card))
    }
  })

  it('a customer without cards has none; the customer may not read their own history', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success])
    const fresh = await t.customer()
    const staff = await t.customer('support')
    expect(
      (await t.api.get<Json>(`/api/staff/users/${fresh.id}/identity/`, { token: staff.token }))
        .body,
    ).toMatchObject({ cards: [] })
    for (const caller of [customer, fresh]) {
      const answer = await t.api.get(`/api/staff/users/${customer.id}/identity/`, {
        token: caller.token,
      })
      expect(answer.status).toBe(403)
      expect(answer.text).not.toContain('621986')
    }
  })
})
