import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { commitSession } from '~/features/auth/session.server.ts'
import { comment, seedBlog } from './blog-fixtures.ts'
import type { FakeCms } from './fake-cms.ts'
import { startFakeCms } from './fake-cms.ts'
import type { FakePayments } from './fake-payments.ts'
import { startFakePayments } from './fake-payments.ts'
import { expectToHold, startSsrApp, type SsrApp } from './ssr-app.ts'
import { BASE, CookieJar, formRequest, getRequest } from './utils.ts'

/**
 * The blog pages rendered by Remix's real request handler: what a browser without JavaScript
 * receives, including the comment form posted as a plain HTML form.
 */

const WEBHOOK_SECRET = 'blog-ssr-webhook-secret-0123'

let app: SsrApp
let cms: FakeCms
let payments: FakePayments

beforeAll(async () => {
  ;[cms, payments] = await Promise.all([startFakeCms(), startFakePayments()])
  process.env.CMS_URL = cms.url
  process.env.PAYMENTS_URL = payments.url
  process.env.CMS_WEBHOOK_SECRET = WEBHOOK_SECRET
  app = await startSsrApp('blog-ssr-test')
}, 60_000)

afterAll(async () => {
  await app?.close()
  await Promise.all([cms?.close(), payments?.close()])
})

beforeEach(async () => {
  seedBlog(cms)
  cms.nextModerationStatus = 'approved'
  // The app's cache lives in Vite's copy of the modules: drop it the way the cms does.
  const response = await app.handle(
    new Request(new URL('/resources/cms-webhook', BASE), {
      method: 'POST',
      headers: { Authorization: `Bearer ${WEBHOOK_SECRET}` },
    }),
  )
  expect(response.status).toBe(204)
})

/** Text content of the first element matching `pattern`'s capture, tags removed. */
function textOf(page: string, pattern: RegExp): string {
  return (pattern.exec(page)?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
}

describe('the blog without JavaScript', () => {
  it('renders the list with links to each post, the count and the categories', async () => {
    const text = await app.page('/blog?category=exams-and-education')
    // Each card links to the post's readable address.
    expectToHold(text, [
      '<html lang="fa" dir="rtl">',
      'href="/blog/toefl-registration-guide"',
      '۱ مطلب',
    ])
    expect(text).not.toContain('href="/blog/adobe-subscription-payment"')
    const sidebar = /<nav aria-label="دسته‌بندی‌های وبلاگ"[\s\S]*?<\/nav>/.exec(text)?.[0] ?? ''
    expect(textOf(sidebar, /<a[^>]*aria-current="page"[^>]*>([\s\S]*?)<\/a>/)).toBe(
      'آزمون و تحصیل۱',
    )
    expectToHold(text, [
      /<a[^>]*href="\/blog"[^>]*>[\s\S]*?همه/,
      /<input[^>]*name="q"/,
      '<input type="hidden" name="category" value="exams-and-education"/>',
    ])
  })

  it('draws a cover in every size the cms made, with its size and the editor’s description', async () => {
    const text = await app.page('/blog?category=freelancing')
    const cover = /<img[^>]*data-testid="post-card-cover"[^>]*>/.exec(text)?.[0] ?? ''
    expectToHold(cover, [
      'alt="فریلنسر پشت لپ‌تاپ با فاکتور دلاری"',
      'width="1200"',
      'height="675"',
      'loading="lazy"',
      /srcSet="[^"]*small_freelance_cover\.jpg 500w, [^"]*freelance_cover\.jpg 1200w"/,
    ])
    const post = await app.page(`/blog/${encodeURIComponent('نقد-کردن-درآمد-فریلنسری')}`)
    expectToHold(post, [
      /<img[^>]*data-testid="post-cover"/,
      /<meta property="og:image" content="[^"]*freelance_cover\.jpg"/,
    ])
  })

  it('shows the empty message when nothing matches', async () => {
    const { text } = await app.render(
      getRequest('/blog?q=%D9%86%D8%A7%D9%85%D9%88%D8%AC%D9%88%D8%AF'),
    )
    expect(text).toContain('هنوز مطلبی مطابق این فیلترها وجود ندارد.')
    expect(text).toContain('۰ مطلب')
  })

  it('renders a post with its details, comments and a usable form', async () => {
    const text = await app.page('/blog/toefl-doc')
    expectToHold(text, [
      '<title>راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل | وبلاگ ارزپل</title>',
      '<h1 class="',
      'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل</h1>',
      'سارا محمدی',
      '<time dateTime="2026-10-28T08:30:00.000Z">۱۴۰۵/۰۸/۰۶</time>',
      /href="\/blog"[^>]*>[\s\S]{0,80}بازگشت به وبلاگ/,
      '۲ دیدگاه',
      '0935***2233',
    ])
    // Without JavaScript the submit button must work (spec's "disabled when blank" needs JS).
    const button = /<button type="submit"[^>]*>[\s\S]*?ارسال دیدگاه/.exec(text)?.[0] ?? ''
    expect(button).toContain('ارسال دیدگاه')
    expect(button).not.toMatch(/\sdisabled=""/)
    expect(text).toMatch(/<textarea[^>]*name="content"[^>]*required=""/)
  })

  it('says there are no comments yet', async () => {
    const { text } = await app.render('/blog/adobe-doc')
    expect(text).toContain('هنوز دیدگاهی ثبت نشده است.')
    expect(text).toContain('۰ دیدگاه')
  })

  it('puts post and comment HTML in the page only after sanitising it', async () => {
    cms.posts[2]!.content =
      '<p class="lead" style="color:red" onmouseover="alert(1)">متن<img src=x onerror=alert(2)></p>'
    const link = '<a href="javascript:alert(3)" class="x">لینک</a>'
    cms.comments.push(comment(40, 'adobe-doc', link, { authorUsername: '<b>x</b>' }))
    const { text } = await app.render('/blog/adobe-doc')
    expect(text).toContain('<p>متن<img src="x" loading="lazy" decoding="async"></p>')
    expect(text).toContain('<a>لینک</a>')
    expect(text).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(text).not.toMatch(/onerror|onmouseover|javascript:alert|style="color/)
  })

  it('shows the not-found view with a back link and HTTP 404 for an unknown post', async () => {
    const { status, text } = await app.render('/blog/no-such-post')
    expect(status).toBe(404)
    expect(text).toContain('مطلب مورد نظر پیدا نشد</h1>')
    expect(text).toMatch(/href="\/blog"[^>]*>بازگشت به وبلاگ/)
    expect(text).toContain('<meta name="robots" content="noindex"/>')
  })

  it('answers a signed-out comment with the sign-in message and keeps the text', async () => {
    const { status, text } = await app.render(
      formRequest('/blog/toefl-doc', { content: 'سوال من' }),
    )
    expect(status).toBe(401)
    expect(text).toContain('برای ارسال نظر ابتدا وارد حساب کاربری شوید.')
    expect(text).toMatch(/<textarea[^>]*>سوال من<\/textarea>/)
    expect(text).toMatch(/href="\/\?auth=login"[^>]*>ورود/)
  })

  it('posts a signed-in comment and shows it with the success message', async () => {
    payments.addUser('09121234567', 'password-123')
    const jar = new CookieJar().apply(
      new Headers({ 'Set-Cookie': commitSession(payments.issueTokens('09121234567')) }),
    )
    const { status, text } = await app.render(
      formRequest('/blog/adobe-doc', { content: 'تمدید سالانه هم ممکن است؟' }, jar),
    )
    expect(status).toBe(200)
    expect(text).toContain('دیدگاه شما ثبت شد.')
    expect(text).toContain('۱ دیدگاه')
    expect(text).toContain('تمدید سالانه هم ممکن است؟</div>')
    expect(text).toMatch(/<textarea[^>]*><\/textarea>/)
  })
})
