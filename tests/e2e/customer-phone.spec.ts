import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { paidOrderWithTicket } from '../support/orders.ts'
import { collectBrowserErrors, expectServedAndAccessible } from '../support/page-checks.ts'
import { PHONE } from '../support/phone.ts'

/**
 * The customer's own pages as a customer meets them: on a 390×844 phone, signed in, with a paid
 * order and a ticket. Every page: axe finds nothing (menus and folded sections opened), the
 * browser logs no error (a hydration mismatch, a failed script, a refused style), and nothing is
 * wider than the screen (a row a thumb would have to scroll sideways to read).
 */

test.use(PHONE)

/** The innermost elements wider than the screen, by tag, class and text, when the page is. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    // Wider than the screen, or (in a right-to-left page) reaching past its left edge.
    const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((element) => {
      const box = element.getBoundingClientRect()
      return box.width > width + 1 || box.left < -1
    })
    if (wide.length === 0) return [`the page is ${document.documentElement.scrollWidth}px wide`]
    return wide
      .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${(element.textContent ?? '').trim().slice(0, 60)}`,
      )
  })
}

test('every customer page on a phone: no accessibility violation, no browser error, nothing wider than the screen', async ({
  page,
}) => {
  test.setTimeout(180_000)
  // Ours only: the bank's page is the bank's.
  const errors = await collectBrowserErrors(page, () =>
    page.url().startsWith(String(test.info().project.use.baseURL)),
  )
  await registerNewCustomer(page, uniquePhone(), 'phone-pages-1404')
  const { orderId, ticketId } = await paidOrderWithTicket(page)
  const ticketPath = `/dashboard/tickets/${ticketId}`

  const pages = [
    '/dashboard',
    '/dashboard/new-request',
    '/dashboard/orders',
    `/dashboard/orders/${orderId}`,
    `/dashboard/orders/${orderId}?payment=failed`,
    `/dashboard/orders/${orderId}/receipt`,
    '/dashboard/tickets',
    '/dashboard/tickets?new=1',
    ticketPath,
    '/dashboard/identity',
    '/rates',
  ]
  for (const path of pages) {
    await test.step(path, async () => {
      await expectServedAndAccessible(page, path)
      expect(await overflowing(page), path).toEqual([])
    })
  }
  expect(errors).toEqual([])
})
