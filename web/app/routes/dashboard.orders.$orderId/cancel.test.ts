import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { CANCEL_MESSAGES } from '~/features/orders/cancel.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { type CookieJar, expectData, flashMessage, signedInJar } from '../../../tests/utils.ts'
import { submit } from '../dashboard/route-calls.test-support.ts'
import { fakeOrder, startFakeOrders } from '../dashboard.new-request/fake-orders.test-support.ts'
import { action, type OrderActionData } from './route.tsx'

/**
 * The order page's cancel button: the existing `/cancel/` call of payments-service, a flash on
 * success, and the service's Persian refusal beside the button when the order moved on.
 */

let jar: CookieJar
const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  jar = signedInJar({ sub: '1' })
})

const cancel = (orderId: string) =>
  submit(action, `/dashboard/orders/${orderId}`, { intent: 'cancel' }, jar, { orderId })

describe('cancelling an order awaiting payment', () => {
  it('calls the cancel API with the customer token, then shows the page with a flash', async () => {
    fake.answer(
      'POST /api/payments/7/cancel/',
      200,
      fakeOrder({ status: 'cancelled', stage: 'cancelled' }),
    )
    const response = await cancel('7')
    expect((response as Response).headers.get('Location')).toBe('/dashboard/orders/7')
    expect(flashMessage(response)).toBe(CANCEL_MESSAGES.cancelled)
    const calls = fake.calls.filter((c) => c.path === '/api/payments/7/cancel/')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.authorization).toMatch(/^Bearer ey/)
  })

  it('an order that moved on meanwhile: the service’s reason beside the button', async () => {
    const detail = 'این تغییر وضعیت برای این سفارش مجاز نیست.'
    fake.answer('POST /api/payments/7/cancel/', 409, { detail, code: 'illegal_transition' })
    const result = expectData<OrderActionData>(await cancel('7'))
    expect(result.init?.status).toBe(409)
    expect(result.data.cancel).toEqual([detail])
  })

  it('someone else’s order is a 404, and a service failure a Persian message', async () => {
    fake.answer('POST /api/payments/8/cancel/', 404, { detail: 'یافت نشد', code: 'not_found' })
    expect(((await cancel('8')) as Response).status).toBe(404)
    fake.answer('POST /api/payments/9/cancel/', 500, { detail: 'boom' })
    const result = expectData<OrderActionData>(await cancel('9'))
    expect(result.init?.status).toBe(502)
    expect(result.data.cancel).toEqual([CANCEL_MESSAGES.failed])
  })
})
