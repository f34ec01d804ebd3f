import { expect, test } from '@playwright/test'

test('the home page is Persian and right-to-left', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  const html = page.locator('html')
  await expect(html).toHaveAttribute('lang', 'fa')
  await expect(html).toHaveAttribute('dir', 'rtl')
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeVisible()
  // At least one letter of the Arabic script block that Persian is written in.
  await expect(heading).toHaveText(/[\u0600-\u06FF]/)
})
