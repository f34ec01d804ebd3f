import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { paidOrderWithTicket } from '../support/orders.ts'
import { collectBrowserErrors, openEverything } from '../support/page-checks.ts'
import { signInAsStaff } from '../support/staff.ts'

/**
 * The back office as a new admin meets it, with a customer's paid order and ticket in it: on
 * every page axe finds nothing (folded sections opened) and the browser logs no error.
 */

test('every back-office page: no accessibility violation, no browser error', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const phone = uniquePhone()
  await registerNewCustomer(page, phone, 'back-office-pages-1404')
  const { orderId, ticketId } = await paidOrderWithTicket(page)

  // On the way in, the new admin keeps their recovery codes every way the page offers.
  const admin = await signInAsStaff(browser, 'admin', { tryKeepingCodes: true })
  const desk = admin.page
  const errors = await collectBrowserErrors(desk)
  // A whole phone number finds one account and opens it.
  await desk.goto(`/staff/users?phone=${phone}`)
  await expect(desk).toHaveURL(/\/staff\/users\/\d+$/)
  const customerPath = new URL(desk.url()).pathname

  const pages = [
    '/staff',
    '/staff/orders',
    `/staff/orders/${orderId}`,
    '/staff/tickets',
    `/staff/tickets/${ticketId}`,
    '/staff/users',
    customerPath,
    '/staff/identity',
    '/staff/identity/inquiries',
    '/staff/identity-levels',
    '/staff/money-to-return',
    '/staff/approvals',
    '/staff/audit',
    '/staff/prepared-messages',
    '/staff/payment-types',
    '/staff/rates',
    '/staff/sms',
  ]
  for (const path of pages) {
    await test.step(path, async () => {
      const response = await desk.goto(path)
      expect(response?.status(), path).toBe(200)
      await desk.waitForLoadState('networkidle')
      await openEverything(desk)
      const { violations } = await new AxeBuilder({ page: desk }).analyze()
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
    })
  }
  expect(errors).toEqual([])
  await desk.context().close()
})
