import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { payAtBank, placeOrder, SANDBOX_CARDS, walletTopUp } from '../support/orders.ts'
import { PHONE } from '../support/phone.ts'

/**
 * The customer's own pages as a customer meets them: on a 390×844 phone, signed in, with a paid
 * order and a ticket. Every page: axe finds nothing (menus and folded sections opened), the
 * browser logs no error (a hydration mismatch, a failed script, a refused style), and nothing is
 * wider than the screen (a row a thumb would have to scroll sideways to read).
 */

test.use(PHONE)

/** Errors the browser reports while `walk` runs: console errors and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  // Ours only: the bank's page is the bank's.
  const ours = () => page.url().startsWith(String(test.info().project.use.baseURL))
  page.on('console', (message) => {
    if (message.type() === 'error' && ours()) errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (ours()) errors.push(`${page.url()}: ${error.message}`)
  })
  return errors
}

async function openEverything(page: Page) {
  await page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => {
      details.open = true
    })
  })
}

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
  const errors = collectErrors(page)
  await registerNewCustomer(page, uniquePhone(), 'phone-pages-1404')
  await placeOrder(page, walletTopUp())
  await payAtBank(page, SANDBOX_CARDS.success)
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+\?payment=success$/)
  const orderId = /\/dashboard\/orders\/(\d+)/.exec(page.url())?.[1] ?? ''

  await page.goto(`/dashboard/tickets?new=1&order=${orderId}`)
  await page.getByLabel('عنوان', { exact: true }).fill('زمان انجام سفارش')
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('سفارش من کی انجام می‌شود؟')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
  const ticketPath = new URL(page.url()).pathname

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
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await page.waitForLoadState('networkidle')
      await openEverything(page)
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
      expect(await overflowing(page), path).toEqual([])
    })
  }
  expect(errors).toEqual([])
})
