import { expect, test } from '@playwright/test'
import {
  cmsAdmin,
  startSwitchableProxy,
  startWebInstance,
  type SwitchableProxy,
  type WebInstance,
} from '../support/blog.ts'
import { e2eUrls } from '../support/ports.ts'

/**
 * A cms outage must not take the public site down: web serves the content it has cached.
 *
 * The shared stack serves every other test, so its cms stays up. This spec starts a second web
 * instance from the same production build, which reaches the cms through a TCP proxy that the
 * test can close (connection refused, as for a stopped cms) or make hang (as for a stuck one).
 * Its cache lives one second, so every page below is fetched again and has to fall back.
 */

const TOEFL = 'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل'
// Other specs count the comments of the TOEFL post; this one writes to another post.
const SEVIS = 'پرداخت هزینه SEVIS و ارزیابی مدارک WES'

let proxy: SwitchableProxy
let web: WebInstance

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  proxy = await startSwitchableProxy(e2eUrls.cms)
  web = await startWebInstance({
    port: Number(process.env.E2E_OUTAGE_WEB_PORT ?? 3390),
    cmsUrl: proxy.url,
    env: { CMS_CACHE_TTL_SECONDS: '1', CMS_TIMEOUT_MS: '2000' },
  })
})

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('web instance output', { body: web?.output() ?? '' })
  }
})

test.afterAll(async () => {
  await web?.stop()
  await proxy?.close()
})

test('with the cms stopped or hung, cached public pages still render', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  // While the cms is up: the list, a search, a post with its comments. (The shared cms may be
  // busy with other specs' writes, hence the retries for the first read.)
  const cards = page.getByRole('main').getByRole('article')
  await expect(async () => {
    await page.goto(`${web.url}/blog`)
    await expect(cards.first()).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  const titles = await cards.getByRole('heading').allInnerTexts()
  expect(titles).toContain(TOEFL)
  await page.getByRole('link', { name: TOEFL }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TOEFL)
  const postUrl = page.url()
  const comments = page.getByTestId('comment-content')
  const commentTexts = await comments.allInnerTexts()
  expect(commentTexts.length).toBeGreaterThan(0)

  await page.goto(`${web.url}/blog`)
  await page.getByRole('link', { name: SEVIS }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEVIS)
  const sevisUrl = page.url()
  // The page lives at the post's slug; the comment below names the post by its documentId.
  const sevisSlug = decodeURIComponent(new URL(sevisUrl).pathname.split('/').pop()!)
  const found = await request.get(`${e2eUrls.cms}/api/posts`, {
    params: { 'filters[slug][$eq]': sevisSlug },
  })
  const sevisDocumentId = ((await found.json()) as { data: { documentId: string }[] }).data[0]!
    .documentId

  // The cms goes away (for this web instance); the cached copies are out of date after a second.
  await proxy.stop()
  await page.waitForTimeout(1_500)
  // Meanwhile an editor adds a comment, which this instance cannot see yet.
  const note = `دیدگاه هنگام قطعی ${Date.now()}`
  await (
    await cmsAdmin(request)
  ).createComment({
    content: note,
    authorId: 'outage-e2e',
    authorUsername: 'outage',
    moderationStatus: 'approved',
    post: { connect: [{ documentId: sevisDocumentId }] },
  })

  // (Other specs publish posts and comments meanwhile, so the last copy may hold more than this
  // page saw; nothing is ever taken away.)
  let response = await page.goto(`${web.url}/blog`)
  expect(response?.status()).toBe(200)
  const staleTitles = await cards.getByRole('heading').allInnerTexts()
  expect(staleTitles).toEqual(expect.arrayContaining(titles))

  response = await page.goto(`${web.url}/blog?q=${encodeURIComponent('تافل')}`)
  expect(response?.status()).toBe(200)
  await expect(cards).toHaveCount(2)

  response = await page.goto(postUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TOEFL)
  await expect(page.getByRole('heading', { name: 'پیش از ثبت‌نام چه لازم است؟' })).toBeVisible()
  for (const text of commentTexts) {
    await expect(comments.filter({ hasText: text })).toHaveCount(1)
  }

  // An unknown post is still unknown, and says so at once.
  response = await page.goto(`${web.url}/blog/not-a-post`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مطلب مورد نظر پیدا نشد')

  // A hung cms (accepts connections, never answers) costs at most the fetch timeout.
  await proxy.start()
  await proxy.hang()
  await page.waitForTimeout(1_500)
  const started = Date.now()
  response = await page.goto(postUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TOEFL)
  for (const text of commentTexts) {
    await expect(comments.filter({ hasText: text })).toHaveCount(1)
  }
  expect(Date.now() - started).toBeLessThan(10_000)

  response = await page.goto(sevisUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEVIS)
  await expect(page.getByText(note)).toHaveCount(0)

  // Back up: after the retry pause the new comment shows.
  await proxy.start()
  await expect(async () => {
    await page.goto(sevisUrl)
    await expect(comments.first()).toContainText(note, { timeout: 500 })
  }).toPass({ timeout: 15_000 })
})
