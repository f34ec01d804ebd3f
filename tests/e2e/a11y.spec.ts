import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { openEverything } from '../support/page-checks.ts'
import { PUBLIC_PAGES } from '../support/public-pages.ts'

/**
 * axe-core on every public page (docs/product/site.md), at a desktop and a phone width, with the
 * small-screen menu and every FAQ answer opened so their contents are checked too. Zero violations.
 */

for (const { path } of PUBLIC_PAGES) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await openEverything(page)
    const desktop = await new AxeBuilder({ page }).analyze()
    expect(desktop.violations, JSON.stringify(desktop.violations, null, 2)).toEqual([])

    await page.setViewportSize({ width: 375, height: 740 })
    await openEverything(page)
    const phone = await new AxeBuilder({ page }).analyze()
    expect(phone.violations, JSON.stringify(phone.violations, null, 2)).toEqual([])
  })
}

test('the error page for a missing post has no accessibility violations', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post')
  expect(response?.status()).toBe(404)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations, JSON.stringify(results.violations, null, 2)).toEqual([])
})

test('a blog post (header, footer and comments) has no accessibility violations', async ({
  page,
}) => {
  await page.goto('/blog')
  await page.locator('main a[href^="/blog/"]').first().click()
  await expect(page).toHaveURL(/\/blog\/[^/]+$/)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations, JSON.stringify(results.violations, null, 2)).toEqual([])
})
