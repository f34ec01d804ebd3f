import { MESSAGES } from '@arzpol/contracts/identity/customer'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { describe, expect, it } from 'vitest'
import type { NewRequestActionData } from '~/features/orders/new-request.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, signedInJar } from '../../../tests/utils.ts'
import { submit } from '../dashboard/route-calls.test-support.ts'
import { startFakeOrders } from '../dashboard.new-request/fake-orders.test-support.ts'
import { action } from '../dashboard.new-request/route.tsx'

/**
 * An order refused for the customer's identity (ADR 022, ADR 024): above the level's limit (403
 * `identity_limit`, at create or at payment start) or, from level 1, without a verified card to
 * pay with. The customer reads the service's Persian reason, only that, and gets the link to the
 * identity page.
 */

const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => fake.reset())

const ORDER = {
  intent: 'submit',
  payment_type: 'topup',
  site_url: 'wallet.example.com',
  site_username: 'me',
  site_password: 'secret',
  amount: '900',
  currency: 'USD',
  description: '',
  flow: 'topup',
  service: '',
  sheba: '',
}

const refusal = (limit: 'per_order' | 'per_day', nextLevel: number | null) => ({
  detail: MESSAGES.overLimit(limit, 0, 1_000_000_000, 300_000_000, nextLevel),
  code: 'identity_limit',
  limit,
  level: 0,
  next_level: nextLevel,
  limit_irr: 1_000_000_000,
  remaining_irr: 300_000_000,
})

const placeOrder = async () =>
  expectData<NewRequestActionData>(
    await submit(action, '/dashboard/new-request', ORDER, signedInJar({ sub: '1' })),
  )

describe('an order above the identity limit', () => {
  it('shows only the Persian reason at create, with the link, and starts nothing', async () => {
    fake.answer('POST /api/payments/create/', 403, refusal('per_order', 1))
    const result = await placeOrder()
    expect(result.init?.status).toBe(403)
    expect(result.data).toMatchObject({
      kind: 'errors',
      errors: { form: [refusal('per_order', 1).detail], fields: {} },
      identityLink: true,
    })
    // The password is never sent back to the page.
    expect(result.data.kind === 'errors' && result.data.values.site_password).toBeUndefined()
    expect(fake.calls.filter((c) => c.path.endsWith('/start/'))).toHaveLength(0)
  })

  it('is refused the same way when the payment starts (the day filled up meanwhile)', async () => {
    fake.answer('POST /api/payments/7/start/', 403, refusal('per_day', 1))
    const result = await placeOrder()
    expect(result.data).toMatchObject({
      errors: { form: [refusal('per_day', 1).detail] },
      identityLink: true,
      orderId: 7,
    })
  })

  it('has no link at the top level: the reason names support instead', async () => {
    fake.answer('POST /api/payments/create/', 403, refusal('per_order', null))
    const result = await placeOrder()
    expect(result.data.kind === 'errors' && result.data.identityLink).toBe(false)
    expect(result.data.kind === 'errors' && result.data.errors.form[0]).toContain('پشتیبانی')
  })
})

it('links the identity page when a level-1 customer has no verified card to pay with', async () => {
  fake.answer('POST /api/payments/7/start/', 409, {
    detail: CARD_MESSAGES.cardRequired,
    code: 'card_required',
  })
  const result = await placeOrder()
  expect(result.data).toMatchObject({ identityLink: true })
  expect(result.data.kind === 'errors' && result.data.errors.form).toContain(
    CARD_MESSAGES.cardRequired,
  )
})
