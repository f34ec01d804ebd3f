import { expect, test, type Page } from '@playwright/test'
import { englishOnScreen, newCmsColleague } from '../support/cms-admin.ts'
import { e2eUrls } from '../support/ports.ts'

// Heavy (a real Strapi admin in a browser): the admin's journeys stay few and whole.

const SERVICE_PAGES = `${e2eUrls.cms}/admin/content-manager/collection-types/api::service-page.service-page`
const QUESTION = 'ثبت دامنه چقدر طول می‌کشد؟'
// Persian with Latin inside and a full stop at the end: what used to scramble left to right.
const ANSWER =
  'دامنه‌های com و ir معمولاً در کمتر از یک ساعت ثبت می‌شوند؛ دامنه‌های دیگر تا ۲۴ ساعت.'

async function expectAllPersian(page: Page, screen: string) {
  expect(await englishOnScreen(page), `English left on ${screen}`).toEqual([])
}

test('an editor signs in to the Persian admin, rewrites a FAQ answer, publishes it and readers see it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const editor = await newCmsColleague(request, 'arzpol-editor')

  // A browser that never chose a language opens the admin in Persian.
  await page.goto(`${e2eUrls.cms}/admin`)
  await expect(page.getByRole('heading', { name: 'به Strapi خوش آمدید!' })).toBeVisible()
  await expectAllPersian(page, 'the sign-in page')
  await page.getByLabel('ایمیل').fill(editor.email)
  await page.getByLabel(/^گذرواژه/).fill(editor.password)
  await page.getByRole('button', { name: 'ورود' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectAllPersian(page, 'the home page')

  await page.goto(SERVICE_PAGES)
  await expect(page.getByRole('heading', { name: 'صفحهٔ خدمت' })).toBeVisible()
  await expect(page.getByRole('grid').getByText('وضعیت', { exact: true })).toBeVisible()
  await expectAllPersian(page, 'the list of service pages')

  await page.getByRole('row', { name: /خرید دامنه و هاست خارجی/ }).click()
  await expect(page.getByRole('heading', { name: 'خرید دامنه و هاست خارجی' })).toBeVisible()
  await page.getByRole('button', { name: QUESTION }).click()
  const answer = page.getByRole('textbox', { name: 'پاسخ' }).first()
  await expect(answer).toBeVisible()
  await expectAllPersian(page, 'the edit view')

  // What is typed takes its own direction: a Persian answer reads right to left in its field.
  await answer.fill(ANSWER)
  expect(await answer.evaluate((field) => getComputedStyle(field).unicodeBidi)).toBe('plaintext')

  await page.getByRole('button', { name: 'انتشار' }).click()
  await expect(page.getByText('سند منتشر شد')).toBeVisible()

  // The publish webhook drops web's cached copy: the next reader gets the new answer.
  await expect(async () => {
    const site = await request.get(`${e2eUrls.web}/domain-hosting`)
    expect(await site.text()).toContain(ANSWER)
  }).toPass({ timeout: 15_000 })
})
