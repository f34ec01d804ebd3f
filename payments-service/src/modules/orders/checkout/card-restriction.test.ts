import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../sandbox-bank/cards.ts'
import { verifiedCustomer } from '../../../test/identity.ts'
import {
  createOrder,
  payAtBank,
  postCallback,
  startOrder,
  useOrdersApp,
} from '../../../test/orders.ts'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'

/**
 * ADR 024: from level 1 on a payment starts only with one of the customer's registered cards,
 * and the bank's token request carries it (SEP `HashedCardNumber`) with the account's phone
 * (`CellNumber`). Level 0 starts and pays as the original client does, from any card.
 */

const t = useOrdersApp()

const sha256 = (digits: string) => createHash('sha256').update(digits).digest('hex')
const start = (token: string, id: number, card_number: unknown = null) =>
  t.api.post<Record<string, unknown>>(
    `/api/payments/${id}/start/`,
    { card_number, flow: 'topup' },
    { token },
  )
const tokenRequestOf = (token: string | null) => {
  const entry = t.bank.tokenRequests().at(-1)
  expect(token).toBeTruthy()
  return entry
}

describe('which card may pay', () => {
  it('level 0: any card, no restriction sent, the spec journey unchanged', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    // Even a card number in the body is ignored at level 0 (the original client sends null).
    const started = await start(customer.token, order.id, TEST_CARDS.other)
    expect(started.status, started.text).toBe(200)
    const request = tokenRequestOf(started.body.token as string)
    expect(request?.hashedCardNumber).toBeNull()
    const paid = await payAtBank(
      { gateway_url: started.body.gateway_url as string, token: started.body.token as string },
      'pay',
      TEST_CARDS.other,
    )
    const callback = await postCallback(t, paid.fields)
    expect(callback.location).toContain('payment=success')
  })

  it('level 1 without a card: 409 card_required, and no bank attempt is opened', async () => {
    const customer = await verifiedCustomer(t)
    const order = await createOrder(t, customer.token)
    const started = await start(customer.token, order.id)
    expect(started.status).toBe(409)
    expect(started.body).toEqual({ detail: CARD_MESSAGES.cardRequired, code: 'card_required' })
    expect(await t.deps.db('gateway_transactions').where({ payment_id: order.id })).toEqual([])
  })

  it('level 1: the first card by default, with the phone as SEP wants it', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success, TEST_CARDS.other])
    const order = await createOrder(t, customer.token)
    const started = await startOrder(t, customer.token, order.id)
    const request = tokenRequestOf(started.token)
    expect(request).toMatchObject({
      hashedCardNumber: sha256(TEST_CARDS.success),
      cellNumber: customer.user.phone.replace(/^(\+98|0)/, ''),
    })
    expect(request?.cellNumber).toMatch(/^9\d{9}$/)
  })

  it('level 1: the chosen card (as typed, Persian digits) if it is theirs; 409 otherwise', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success, TEST_CARDS.other])
    const order = await createOrder(t, customer.token)
    const chosen = await start(customer.token, order.id, '۶۲۱۹ ۸۶۵۰ ۰۰۰۰ ۰۰۱۸')
    expect(chosen.status, chosen.text).toBe(200)
    expect(tokenRequestOf(chosen.body.token as string)?.hashedCardNumber).toBe(
      sha256(TEST_CARDS.other),
    )

    for (const card of [TEST_CARDS.noReversal, 'not a card', '0'.repeat(16)]) {
      const refused = await start(customer.token, order.id, card)
      expect(refused.status, card).toBe(409)
      expect(refused.body).toEqual({
        detail: CARD_MESSAGES.cardNotRegistered,
        code: 'card_not_registered',
      })
    }
  })

  it('level 1: the card picked on the form by its id; someone else’s card id is refused', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success, TEST_CARDS.other])
    const someoneElse = await verifiedCustomer(t, [TEST_CARDS.noReversal])
    const cardsOf = async (token: string) =>
      (
        await t.api.get<Array<{ id: number; masked_number: string }>>('/api/me/identity/cards/', {
          token,
        })
      ).body
    const second = (await cardsOf(customer.token)).find((card) =>
      card.masked_number.endsWith(TEST_CARDS.other.slice(-4)),
    )
    const [theirs] = await cardsOf(someoneElse.token)
    const order = await createOrder(t, customer.token)
    const byId = (card_id: unknown) =>
      t.api.post<Record<string, unknown>>(
        `/api/payments/${order.id}/start/`,
        { card_number: null, card_id, flow: 'topup' },
        { token: customer.token },
      )
    const picked = await byId(second?.id)
    expect(picked.status, picked.text).toBe(200)
    expect(tokenRequestOf(picked.body.token as string)?.hashedCardNumber).toBe(
      sha256(TEST_CARDS.other),
    )
    const refused = await byId(theirs?.id)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'card_not_registered' })
    expect((await byId('x')).status).toBe(400)
  })

  it('the order names the card its latest attempt accepts; level 0 names none', async () => {
    const expectedCardOf = async (token: string, id: number) =>
      (await t.api.get<Record<string, unknown>>(`/api/payments/${id}/`, { token })).body
        .expected_card
    const anyone = await t.customer()
    const open = await createOrder(t, anyone.token)
    await startOrder(t, anyone.token, open.id)
    expect(await expectedCardOf(anyone.token, open.id)).toBeNull()

    const customer = await verifiedCustomer(t, [TEST_CARDS.success, TEST_CARDS.other])
    const order = await createOrder(t, customer.token)
    expect(await expectedCardOf(customer.token, order.id)).toBeNull()
    await startOrder(t, customer.token, order.id)
    const first = await expectedCardOf(customer.token, order.id)
    expect(first).toMatchObject({ masked_number: expect.stringMatching(/0009$/) as string })
    expect(JSON.stringify(first)).not.toContain(sha256(TEST_CARDS.success))
    // Started again with the other card: the latest attempt is the one the bank holds to.
    expect((await start(customer.token, order.id, TEST_CARDS.other)).status).toBe(200)
    expect(await expectedCardOf(customer.token, order.id)).toMatchObject({
      bank_name: expect.any(String) as string,
      masked_number: expect.stringMatching(new RegExp(`${TEST_CARDS.other.slice(-4)}$`)) as string,
    })
  })

  it('a removed card no longer pays', async () => {
    const customer = await verifiedCustomer(t, [TEST_CARDS.success])
    const [card] = (
      await t.api.get<Array<{ id: number }>>('/api/me/identity/cards/', { token: customer.token })
    ).body
    await t.api.request('DELETE', `/api/me/identity/cards/${String(card?.id)}/`, {
      token: customer.token,
    })
    const order = await createOrder(t, customer.token)
    expect((await start(customer.token, order.id)).body).toMatchObject({ code: 'card_required' })
  })
})
