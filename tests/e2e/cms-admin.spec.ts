import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test'
import { uniquePhone } from '../support/auth.ts'
import { registerCustomerApi } from '../support/blog.ts'
import { englishOnScreen, newCmsColleague } from '../support/cms-admin.ts'
import { pngFile } from '../support/staff.ts'
import { e2eUrls } from '../support/ports.ts'
import { toPersianDigits } from '@arzpol/contracts'

// Heavy (a real Strapi admin in a browser): the admin's journeys stay few and whole.

// The admin fetches and draws every screen in the browser: beside the blog's XSS sweeps on two
// cores, a list and an edit view have each taken more than the usual 10 s to show.
const expect = baseExpect.configure({ timeout: 30_000 })

const QUESTION = 'ثبت دامنه چقدر طول می‌کشد؟'
const DRAFT_NOTICE = 'پیش‌نمایش پیش‌نویس: این نسخه هنوز منتشر نشده است و مشتریان آن را نمی‌بینند.'
// Persian with Latin inside and a full stop at the end: what used to scramble left to right.
const ANSWER =
  'دامنه‌های com و ir معمولاً در کمتر از یک ساعت ثبت می‌شوند؛ دامنه‌های دیگر تا ۲۴ ساعت.'

async function expectAllPersian(page: Page, screen: string) {
  expect(await englishOnScreen(page), `English left on ${screen}`).toEqual([])
}

/**
 * Opens a content type's list through the admin's own menus, as a person does. Reloading the
 * admin instead parses its whole bundle again, which on a busy machine takes longer than any
 * screen should be waited for.
 */
async function openList(page: Page, typeName: string) {
  await page.getByRole('link', { name: 'مدیریت محتوا' }).click()
  await page.getByRole('navigation').getByRole('link', { name: typeName, exact: true }).click()
  await expect(page.getByRole('heading', { name: typeName })).toBeVisible()
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('ایمیل').fill(who.email)
  await page.getByLabel(/^گذرواژه/).fill(who.password)
  await page.getByRole('button', { name: 'ورود' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

test('an editor signs in to the Persian admin, rewrites a FAQ answer, previews it on the site, publishes it and readers see it; then writes a post with a described cover at a Persian address', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const editor = await newCmsColleague(request, 'arzpol-editor')

  // A browser that never chose a language opens the admin in Persian.
  await page.goto(`${e2eUrls.cms}/admin`)
  await expect(page.getByRole('heading', { name: 'به Strapi خوش آمدید!' })).toBeVisible()
  await expectAllPersian(page, 'the sign-in page')
  await signIn(page, editor)
  await expectAllPersian(page, 'the home page')

  await openList(page, 'صفحهٔ خدمت')
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

  // Saved as a draft, it opens on the real site inside the admin; readers still see the old one.
  await page.getByRole('button', { name: 'ذخیره' }).click()
  await expect(page.getByText('سند ذخیره شد')).toBeVisible()
  const openPreview = 'باز کردن پیش‌نمایش'
  await page
    .getByRole('link', { name: openPreview })
    .or(page.getByRole('button', { name: openPreview }))
    .click()
  const site = page.frameLocator('iframe')
  await expect(site.getByRole('status')).toHaveText(DRAFT_NOTICE)
  await site.getByText(QUESTION).click()
  await expect(site.getByText(ANSWER)).toBeVisible()
  await expectAllPersian(page, 'the preview')
  expect(await (await request.get(`${e2eUrls.web}/domain-hosting`)).text()).not.toContain(ANSWER)
  const closePreview = 'بستن پیش‌نمایش'
  await page
    .getByRole('link', { name: closePreview })
    .or(page.getByRole('button', { name: closePreview }))
    .click()

  await page.getByRole('button', { name: 'انتشار' }).click()
  await expect(page.getByText('سند منتشر شد')).toBeVisible()

  // The publish webhook drops web's cached copy: the next reader gets the new answer.
  await expect(async () => {
    const site = await request.get(`${e2eUrls.web}/domain-hosting`)
    expect(await site.text()).toContain(ANSWER)
  }).toPass({ timeout: 15_000 })

  await writePost(page, request)
})

/**
 * A new post, as an editor writes one: a Persian title that becomes its address, a body, a
 * cover described for readers who cannot see it; refused publication while the cover has no
 * description, then published, it is on the blog at its Persian address with its cover.
 */
async function writePost(page: Page, request: APIRequestContext) {
  const words = `راهنمای خرید گیفت کارت ${Date.now().toString(36)}`
  const slug = words.replaceAll(' ', '-')
  const alt = 'کارت هدیهٔ سبز روی میز کنار یک لپ‌تاپ'
  await openList(page, 'نوشتهٔ وبلاگ')
  await page.getByRole('link', { name: 'ایجاد مدخل جدید' }).first().click()
  await page.getByRole('textbox', { name: 'عنوان', exact: true }).fill(words)
  await page.locator('[contenteditable="true"]').first().click()
  await page.keyboard.type('برای خرید گیفت کارت، ابتدا سفارش ثبت کنید.')
  // The date picker is named in Persian too, though Strapi names it in no message.
  const date = page.getByRole('group', { name: 'تاریخ انتشار' })
  await expect(date.getByRole('combobox', { name: 'انتخاب ساعت' })).toBeVisible()
  await date.getByRole('combobox', { name: 'انتخاب تاریخ' }).click()
  await page.getByRole('gridcell').filter({ hasText: /\S/ }).first().click()

  // The cover from this computer, described before it is uploaded.
  await page.getByRole('button', { name: /^برای افزودن فایل کلیک کنید/ }).click()
  const library = page.getByRole('dialog')
  await library.getByRole('button', { name: 'افزودن فایل‌های بیشتر' }).click()
  await library.locator('input[type="file"]').setInputFiles({
    name: 'gift-card-cover.png',
    mimeType: 'image/png',
    buffer: pngFile(),
  })
  await library.getByRole('button', { name: /بارگذاری .* در کتابخانه/ }).click()
  await library.getByRole('button', { name: 'پایان' }).click()
  await expectAllPersian(page, 'a new post')

  // Published with a cover that only has its file name for a description: refused, in Persian.
  await page.getByRole('button', { name: 'انتشار' }).click()
  await expect(page.getByText(/برای تصویر جلد «متن جایگزین» بنویسید/)).toBeVisible()
  await page.getByRole('button', { name: 'ویرایش' }).first().click()
  const details = page.getByRole('dialog')
  await details.getByLabel('متن جایگزین').fill(alt)
  await details.getByRole('button', { name: 'پایان' }).click()
  await page.getByRole('button', { name: 'انتشار' }).click()
  await expect(page.getByText('سند منتشر شد')).toBeVisible()
  await expect(page.getByLabel(/^نامک/)).toHaveValue(slug)

  await expect(async () => {
    const post = await request.get(`${e2eUrls.web}/blog/${encodeURIComponent(slug)}`)
    expect(post.status()).toBe(200)
    const html = await post.text()
    expect(html).toContain(words)
    expect(html).toMatch(new RegExp(`<img[^>]*alt="${alt}"`))
  }).toPass({ timeout: 15_000 })
}

const POST = 'toefl-registration-guide'
const SCAMS = (
  JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, '../../cms/test-corpus/scam-comments.json'),
      'utf8',
    ),
  ) as { id: string; text: string }[]
)
  .filter(({ id }) => ['scam-01', 'scam-02', 'scam-03'].includes(id))
  .map(({ text }) => text)
// A link is held too, though this one is what a helpful reader writes.
const HELPFUL = 'راهنمای رسمی ثبت‌نام تافل را در https://www.ets.org/toefl هم ببینید.'

test('a moderator finds the scams held with their reasons, approves a helpful comment and hides the scams at once, each decision with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  // Each comment from its own account: an account that comments fast is marked spam before any
  // screening, and these must reach the screening.
  const held: Record<string, { documentId: string; moderationStatus: string }> = {}
  for (const content of [...SCAMS, HELPFUL]) {
    const author = await registerCustomerApi(request, uniquePhone(), 'moderated-pass-1404')
    const response = await request.post(`${e2eUrls.cms}/api/comments`, {
      headers: { Authorization: `Bearer ${author}` },
      data: { post: POST, content },
    })
    expect(response.status(), await response.text()).toBe(201)
    const { data } = (await response.json()) as {
      data: { documentId: string; moderationStatus: string }
    }
    // Nothing of the scam corpus is published before a moderator looks: hidden as spam at once,
    // or held for a moderator with the screening's reason.
    expect(data.moderationStatus, content).not.toBe('approved')
    held[content] = data
  }
  const waiting = SCAMS.filter((content) => held[content]!.moderationStatus === 'pending')
  expect(waiting.length, 'scams held for a moderator').toBeGreaterThanOrEqual(2)

  const moderator = await newCmsColleague(request, 'arzpol-moderator')
  await page.goto(`${e2eUrls.cms}/admin`)
  await signIn(page, moderator)
  // The home page tells the moderator comments wait, and leads to them.
  await expect(page.getByText(/^[\d۰-۹٬,]+ دیدگاه منتظر تصمیم شماست\.$/)).toBeVisible()
  await expectAllPersian(page, 'the home page')
  await page.getByRole('link', { name: 'بررسی دیدگاه‌ها' }).click()
  await expect(page.getByRole('heading', { name: 'دیدگاه' })).toBeVisible()
  await expect(page.getByRole('grid').getByText('در انتظار بررسی').first()).toBeVisible()
  await expect(page.getByRole('grid').getByText('تأییدشده')).toHaveCount(0)
  await openList(page, 'دیدگاه')
  const rowOf = (content: string) => page.getByRole('row').filter({ hasText: content })
  // The queue names the status in Persian, beside why the screening held the comment.
  for (const scam of waiting) await expect(rowOf(scam)).toContainText('در انتظار بررسی')
  await expectAllPersian(page, 'the comment queue')

  await decide(page, HELPFUL, 'تأییدشده', 'پیوند به سایت رسمی ETS است')

  // The held scams at once: selected in the list, hidden with one reason recorded for each.
  for (const scam of waiting) await rowOf(scam).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'پنهان کردن (هرزنامه)' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`این ${toPersianDigits(waiting.length)} دیدگاه`)
  await expectAllPersian(page, 'hiding many comments')
  await dialog.getByRole('button', { name: 'پنهان کردن' }).click()
  await expect(dialog.getByText('بنویسید چرا این تصمیم را می‌گیرید.')).toBeVisible()
  await dialog.getByLabel('دلیل تصمیم').fill('جعل پشتیبانی و دعوت به تلگرام')
  await dialog.getByRole('button', { name: 'پنهان کردن' }).click()
  await expect(
    page.getByText(`${toPersianDigits(waiting.length)} دیدگاه به‌عنوان هرزنامه پنهان شد.`),
  ).toBeVisible()
  for (const scam of waiting) await expect(rowOf(scam)).toContainText('پنهان (هرزنامه)')

  // Readers see the helpful comment and never the scam.
  await expect(async () => {
    const blog = await (await request.get(`${e2eUrls.web}/blog/${POST}`)).text()
    expect(blog).toContain('راهنمای رسمی ثبت‌نام تافل')
    for (const scam of SCAMS) expect(blog).not.toContain(scam)
  }).toPass({ timeout: 15_000 })
})

/**
 * From the queue, opens a comment, writes the reason, sets the status, saves and goes back: one
 * moderator decision.
 */
async function decide(page: Page, content: string, status: string, reason: string) {
  await page.getByRole('row').filter({ hasText: content }).getByText(content).click()
  // Why the screening held it, in Persian.
  await expect(page.getByLabel('دلیل نگه‌داشتن برای بررسی')).toHaveValue(/[\u0600-\u06FF]+: /)
  await page.getByLabel('دلیل تصمیم ناظر').fill(reason)
  await page.getByRole('combobox', { name: /وضعیت بررسی/ }).click()
  await page.getByRole('option', { name: status }).click()
  await expectAllPersian(page, 'a comment')
  await page.getByRole('button', { name: 'ذخیره' }).click()
  await expect(page.getByText('سند ذخیره شد')).toBeVisible()
  await page.getByRole('link', { name: 'بازگشت' }).click()
  await expect(page.getByRole('heading', { name: 'دیدگاه' })).toBeVisible()
}
