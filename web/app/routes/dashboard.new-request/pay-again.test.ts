import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { type CookieJar, expectData, signedInJar } from '../../../tests/utils.ts'
import { load } from '../dashboard/route-calls.test-support.ts'
import type { PayAgain } from '~/features/orders/pay-again.server.ts'
import { fakeOrder, startFakeOrders } from './fake-orders.test-support.ts'
import { loader } from './route.tsx'

/**
 * «پرداخت مجدد»: the new-request page filled in from an order that ended unpaid, read through
 * payments-service with the customer's own token; anything else leaves the form empty.
 */

let jar: CookieJar
const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  jar = signedInJar({ sub: '1' })
})

const detail = (overrides: Record<string, unknown>) => ({
  ...fakeOrder(overrides),
  missing: [],
  events: [],
})

const again = async (path: string) =>
  expectData<{ again: PayAgain | null }>(await load(loader, path, jar)).data.again

describe('the new-request page filled in from an unpaid order', () => {
  it('copies what was typed (never a password) from a failed, cancelled or expired order', async () => {
    for (const stage of ['payment_failed', 'cancelled', 'expired']) {
      fake.answer(
        'GET /api/payments/9/',
        200,
        detail({ id: 9, status: 'failed', stage, description: 'شارژ', meta: { flow: 'topup' } }),
      )
      expect(await again('/dashboard/new-request?again=9')).toEqual({
        orderId: 9,
        values: {
          payment_type: 'topup',
          site_url: 'https://wallet.example.com/',
          site_username: 'me',
          amount: '50.00',
          currency: 'USD',
          description: 'شارژ',
          sheba: '',
          flow: 'topup',
          service: '',
        },
      })
    }
    const read = fake.calls.filter((c) => c.path === '/api/payments/9/')
    expect(read.every((c) => /^Bearer ey/.test(c.authorization ?? ''))).toBe(true)
  })

  it('an order still payable or paid, someone else’s, or a hostile id: an empty form', async () => {
    fake.answer('GET /api/payments/9/', 200, detail({ id: 9, stage: 'awaiting_payment' }))
    expect(await again('/dashboard/new-request?again=9')).toBeNull()
    fake.answer('GET /api/payments/9/', 200, detail({ id: 9, status: 'processing', stage: 'paid' }))
    expect(await again('/dashboard/new-request?again=9')).toBeNull()
    fake.answer('GET /api/payments/8/', 404, { detail: 'یافت نشد' })
    expect(await again('/dashboard/new-request?again=8')).toBeNull()
    const before = fake.calls.length
    for (const hostile of ['-1', '1e3', '../auth/me', '9'.repeat(30), ''])
      expect(await again(`/dashboard/new-request?again=${encodeURIComponent(hostile)}`)).toBeNull()
    // Nothing but the page's own calls reached payments-service for those.
    expect(fake.calls.slice(before).some((c) => c.path.startsWith('/api/payments/'))).toBe(false)
  })
})
