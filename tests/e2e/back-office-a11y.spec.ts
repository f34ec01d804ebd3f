import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { paidOrderWithTicket } from '../support/orders.ts'
import { collectBrowserErrors, expectServedAndAccessible } from '../support/page-checks.ts'
import { signInAsStaff } from '../support/staff.ts'

/**
 * The back office as a new admin meets it: on every page axe finds nothing (folded sections
 * opened) and the browser logs no error. Two walks, so that the two workers share them and
 * neither comes near its time limit on a loaded machine: the pages a customer's paid order and
 * ticket show on, and the desk's own pages.
 */

/** Opens each path on the signed-in desk and checks it; afterwards, that no error was logged. */
async function checkEveryPage(desk: Page, errors: string[], paths: string[]) {
  for (const path of paths) {
    await test.step(path, () => expectServedAndAccessible(desk, path))
  }
  expect(errors).toEqual([])
}

test('the back-office pages of a customer, their paid order and their ticket', async ({
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

  await checkEveryPage(desk, errors, [
    '/staff',
    '/staff/orders',
    `/staff/orders/${orderId}`,
    '/staff/tickets',
    `/staff/tickets/${ticketId}`,
    '/staff/users',
    customerPath,
  ])
  await desk.context().close()
})

test('the back office’s queues, logs and settings pages', async ({ browser }) => {
  test.setTimeout(180_000)
  const { page: desk } = await signInAsStaff(browser, 'admin')
  const errors = await collectBrowserErrors(desk)
  await checkEveryPage(desk, errors, [
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
  ])
  await desk.context().close()
})
