import { MESSAGES } from '@arzpol/contracts/identity/customer'
import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import type { NewRequestActionData } from '~/features/orders/new-request.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { type CookieJar, expectData, signedInJar } from '../../../tests/utils.ts'
import { submit } from '../dashboard/route-calls.test-support.ts'
import { startFakeOrders } from '../dashboard.new-request/fake-orders.test-support.ts'
import { action as newRequestAction } from '../dashboard.new-request/route.tsx'
import { action, type OrderActionData } from './route.tsx'

/**
 * A cash-out's Sheba is a paid question to the identity provider, under daily caps (ADR 030):
 * when payments-service refuses it with 429 `inquiry_limit`, the customer reads its Persian
 * reason where they gave the Sheba.
 */

let jar: CookieJar
const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  jar = signedInJar({ sub: '1' })
})

const SHEBA = 'IR820540102680020817909002'

const refusals = [MESSAGES.inquiryLimitCustomer, MESSAGES.inquiryLimitAddress].map((detail) => ({
  detail,
  code: 'inquiry_limit',
  retry_after: 3600,
}))

describe('a Sheba over the daily inquiry cap', () => {
  it('the order page’s Sheba form shows the service’s reason', async () => {
    for (const body of refusals) {
      fake.answer('POST /api/payments/7/sheba/', 429, body)
      const result = expectData<OrderActionData>(
        await submit(action, '/dashboard/orders/7', { intent: 'sheba', sheba: SHEBA }, jar, {
          orderId: '7',
        }),
      )
      expect(result.init?.status).toBe(429)
      expect(result.data.sheba).toEqual({ field: [], form: [body.detail] })
    }
  })

  it('the new-request form shows it when a cash-out is placed with its Sheba', async () => {
    fake.answer('POST /api/payments/create/', 429, refusals[0])
    const result = expectData<NewRequestActionData>(
      await submit(
        newRequestAction,
        '/dashboard/new-request',
        {
          intent: 'submit',
          payment_type: 'payout',
          site_url: 'upwork.com',
          site_username: '',
          site_password: '',
          amount: '200',
          currency: 'USD',
          description: '',
          flow: 'payout',
          service: '',
          sheba: SHEBA,
        },
        jar,
      ),
    )
    expect(result.init?.status).toBe(429)
    if (result.data.kind !== 'errors') throw new Error('expected the form back with errors')
    expect(result.data.errors.form).toContain(MESSAGES.inquiryLimitCustomer)
  })
})
