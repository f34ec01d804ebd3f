import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Errors the browser reports on `page` from now on: console errors and uncaught exceptions (a
 * hydration mismatch, a failed script, a refused style), on the pages `ours` accepts; and
 * whatever the Content-Security-Policy refused, even where the page caught the refusal (a
 * library probing whether it may `eval`), which the console does not show.
 */
export async function collectBrowserErrors(
  page: Page,
  ours: () => boolean = () => true,
): Promise<string[]> {
  const errors: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`refused by the CSP: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && ours()) errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (ours()) errors.push(`${page.url()}: ${error.message}`)
  })
  return errors
}

/** Opens every folded section, so that a check of the page sees what they hold. */
export async function openEverything(page: Page) {
  await page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => {
      details.open = true
    })
  })
}

/**
 * Opens `path` and expects it served (200) and, once the page is settled and its folded sections
 * are open, free of anything axe finds.
 */
export async function expectServedAndAccessible(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await page.waitForLoadState('networkidle')
  await openEverything(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}
