import { expect, test } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { PUBLIC_PAGES, TERMS_ANCHORS } from '../support/public-pages.ts'

/**
 * The public site (docs/product/site.md) on the real stack with the cms's seed content: every page,
 * the header for visitors and customers, the unknown-path rule, the small-screen menu and the terms
 * table of contents without JavaScript, and no hydration JavaScript on plain pages.
 */

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} answers 200 in Persian, right to left, with its heading`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    // Per-page title and description, canonical URL and Open Graph tags.
    await expect(page).toHaveTitle(/[\u0600-\u06FF]/)
    const description = page.locator('meta[name="description"]')
    await expect(description).toHaveAttribute('content', /[\u0600-\u06FF]/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/)
  })
}

test.describe('pages with nothing interactive', () => {
  for (const { path } of PUBLIC_PAGES.filter((p) => !p.interactive)) {
    test(`${path} ships no JavaScript`, async ({ request }) => {
      const response = await request.get(path)
      const html = await response.text()
      expect(html).not.toMatch(/<script[^>]*type="module"/)
      expect(html).not.toContain('modulepreload')
    })
  }

  test('the login form still loads its JavaScript', async ({ request }) => {
    const html = await (await request.get('/?auth=login')).text()
    expect(html).toMatch(/<script[^>]*type="module"/)
  })
})

test('the rates page: every priced currency with its chart drawn on the server, and the fees', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/rates')
  const usd = page.locator('[data-testid="rate-card"][data-currency="USD"]')
  await expect(usd.getByTestId('rate-today')).toContainText('تومان')
  await expect(usd.getByTestId('rate-chart')).toBeVisible()
  // The order form takes USD, EUR and GBP; a currency priced beyond them says how to order it.
  await expect(usd.getByTestId('rate-through-support')).toHaveCount(0)
  for (const card of await page.getByTestId('rate-card').all()) {
    const currency = await card.getAttribute('data-currency')
    if (!['USD', 'EUR', 'GBP'].includes(currency ?? ''))
      await expect(card.getByTestId('rate-through-support')).toContainText('تیکت')
  }
  await expect(page.getByTestId('fee-row').first()).toContainText('٪')
  await context.close()
})

test('canonical URLs name the lower-case exam page for both spellings', async ({ page }) => {
  await page.goto('/intlExamPayment')
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(new URL(canonical ?? '').pathname).toBe('/intlexampayment')
})

test('the header shows login and register to visitors, the dashboard to customers', async ({
  page,
}) => {
  await page.goto('/about')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'ورود', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'ثبت نام', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'داشبورد', exact: true })).toHaveCount(0)
  const nav = header.getByRole('navigation', { name: 'منوی اصلی', exact: true })
  for (const name of [
    'خانه',
    'خدمات پایه',
    'خدمات میانی',
    'خدمات تخصصی',
    'درباره ما',
    'قوانین',
    'وبلاگ',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }

  await registerNewCustomer(page, uniquePhone(), 'pass-word-123')
  await page.goto('/about')
  await expect(header.getByRole('link', { name: 'داشبورد', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'ورود', exact: true })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'ثبت نام', exact: true })).toHaveCount(0)
})

test('an unknown path redirects to the dashboard (and a visitor on to the login form)', async ({
  page,
}) => {
  const response = await page.request.get('/no-such-page/at/all', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/dashboard')
  await page.goto('/no-such-page')
  await expect(page).toHaveURL(/\/\?auth=login$/)
  // Routes with their own meaning are not swallowed by the splat.
  expect((await page.request.get('/healthz')).status()).toBe(200)
  expect((await page.request.get('/services/unknown', { maxRedirects: 0 })).status()).toBe(302)
})

test('sitemap.xml lists every public page and the blog posts; robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const xml = await sitemap.text()
  for (const { path } of PUBLIC_PAGES.filter((p) => p.path !== '/intlExamPayment')) {
    expect(xml).toContain(`${path}</loc>`)
  }
  expect(xml).not.toContain('/intlExamPayment<')
  const posts = xml.match(/<loc>[^<]*\/blog\/[^<]+<\/loc>/g) ?? []
  expect(posts.length).toBeGreaterThanOrEqual(9)

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)
  expect(robots).toContain('Disallow: /dashboard')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the small-screen menu opens and navigates at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    const desktopNav = page.getByRole('navigation', { name: 'منوی اصلی', exact: true })
    await expect(desktopNav).toBeHidden()
    const mobileNav = page.getByRole('navigation', { name: 'منوی اصلی (تلفن همراه)' })
    await expect(mobileNav).toBeHidden()
    await page
      .getByText('منو', { exact: true })
      .or(page.getByLabel('منو', { exact: true }))
      .click()
    await expect(mobileNav).toBeVisible()
    await mobileNav.getByRole('link', { name: 'خدمات تخصصی' }).click()
    await expect(page).toHaveURL(/\/services\/specialized$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/خدمات تخصصی/)
    // The page fits the screen: nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('the terms table of contents jumps to each of the 13 sections', async ({ page }) => {
    await page.goto('/terms')
    await expect(page.getByText('v1.0')).toBeVisible()
    await expect(page.getByText('۱۴۰۴/۰۵/۲۸')).toBeVisible()
    const toc = page.getByRole('navigation', { name: 'فهرست مطالب' })
    const links = toc.getByRole('link')
    await expect(links).toHaveCount(13)
    for (const [index, anchor] of TERMS_ANCHORS.entries()) {
      await links.nth(index).click()
      await expect(page).toHaveURL(new RegExp(`#${anchor}$`))
      const section = page.locator(`section#${anchor}`)
      await expect(section).toBeInViewport()
      await expect(section.getByRole('heading', { level: 2 })).toBeVisible()
    }
    await page.getByRole('link', { name: /قوانین را می‌پذیرم/ }).click()
    await expect(page).toHaveURL(/\/\?auth=register$/)
  })

  test('the FAQ opens and the service cards lead to their pages', async ({ page }) => {
    await page.goto('/services/base')
    const question = page.getByText('نرخ ارز چه زمانی قطعی می‌شود؟')
    const answer = page.getByText(/نرخ در لحظه ثبت درخواست قفل و روی فاکتور نوشته می‌شود/)
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()
    await page.getByRole('link', { name: /اطلاعات بیشتر.*پرداخت هزینه آزمون/ }).click()
    await expect(page).toHaveURL(/\/intlExamPayment$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'ثبت‌نام و پرداخت هزینه آزمون‌های بین‌المللی',
    )
  })

  test('the specialized page compares its services in a table', async ({ page }) => {
    await page.goto('/services/specialized')
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveText([
      'خدمت',
      'مدارک لازم',
      'زمان تقریبی',
      'پیچیدگی',
    ])
    await expect(table.getByRole('row')).toHaveCount(5)
  })
})
