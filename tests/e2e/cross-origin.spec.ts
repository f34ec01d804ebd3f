import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { payAtBank, placeOrder, SANDBOX_CARDS, walletTopUp } from '../support/orders.ts'
import { signInAsStaff } from '../support/staff.ts'

/**
 * ADR 016: web's server checks the origin of every form post. A signed-in admin's browser
 * posting a staff form from another site is refused; the bank's callback, cross-site by nature,
 * still pays the order.
 */
test('a staff action posted from another origin is refused, from our own origin it runs', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const staff = await signInAsStaff(browser, 'admin')
  const origin = new URL(staff.page.url()).origin
  // The admin's own cookies go along, as they would from a page on another site.
  const form = { currency: 'USD', rate_toman: '123456', note: 'cross-origin', confirm: 'true' }
  for (const headers of [
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'cross-site' },
    {},
  ] as Array<Record<string, string>>) {
    const refused = await staff.page.request.post('/staff/rates', {
      form,
      headers,
      maxRedirects: 0,
      failOnStatusCode: false,
    })
    expect(refused.status(), JSON.stringify(headers)).toBe(403)
    expect(await refused.text()).toContain('از نشانی دیگری فرستاده شده')
  }

  // The same post from our own origin reaches the action: its own validation answers, here
  // about an empty rate, so that no other test meets a USD rate set by this one.
  const allowed = await staff.page.request.post('/staff/rates', {
    form: { ...form, rate_toman: '' },
    headers: { Origin: origin },
    maxRedirects: 0,
    failOnStatusCode: false,
  })
  expect(allowed.status()).toBe(400)
  expect(await allowed.text()).not.toContain('از نشانی دیگری فرستاده شده')
  await staff.page.context().close()
})

test('the bank posts its callback from its own origin and the order is paid', async ({ page }) => {
  test.setTimeout(90_000)
  await registerNewCustomer(page, uniquePhone(), 'cross-origin-1404')
  await placeOrder(page, walletTopUp())
  const webOrigin = new URL(String(test.info().project.use.baseURL)).origin
  const callback = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/payments/callback/'),
  )
  await payAtBank(page, SANDBOX_CARDS.success)
  const sent = await callback
  const bankOrigin = sent.headers()['origin']
  expect(bankOrigin).toBeTruthy()
  expect(bankOrigin).not.toBe(webOrigin)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  await expect(page.getByTestId('order-status')).toHaveText('در حال انجام')
})
