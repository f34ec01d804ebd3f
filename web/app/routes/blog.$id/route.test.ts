import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { action as webhookAction, loader as webhookLoader } from '~/routes/resources.cms-webhook.ts'
import { blogCache } from '~/features/content/cms-blog.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { commitSession, sessionCookie } from '~/features/auth/session.server.ts'
import { seedBlog } from '../../../tests/blog-fixtures.ts'
import { paragraphs, startFakeCms } from '../../../tests/fake-cms.ts'
import { startFakePayments } from '../../../tests/fake-payments.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import type { DataResult } from '../../../tests/utils.ts'
import {
  BASE,
  CookieJar,
  formRequest,
  getRequest,
  isDataResult,
  settle,
} from '../../../tests/utils.ts'
import { action, loader } from './route.tsx'

const WEBHOOK_SECRET = 'webhook-secret-0123456789'
const SIGN_IN = 'برای ارسال نظر ابتدا وارد حساب کاربری شوید.'
const FAILED = 'ارسال نظر ناموفق بود. لطفاً دوباره تلاش کنید.'

const payments = await standInForFile(startFakePayments(), 'PAYMENTS_URL', (payments) => {
  payments.requests.length = 0
})
const cms = await standInForFile(startFakeCms(), 'CMS_URL', (cms) => {
  process.env.CMS_WEBHOOK_SECRET = WEBHOOK_SECRET
  process.env.CMS_CACHE_TTL_SECONDS = '60'
  process.env.CMS_TIMEOUT_MS = '300'
  blogCache.clear()
  seedBlog(cms)
  cms.reset()
  cms.acceptToken = (token) => !token.includes('revoked') && token.split('.').length === 3
})

const args = (request: Request, id: string) => ({ request, params: { id }, context: {} })
const readPost = (id: string, jar?: CookieJar) =>
  settle(() => loader(args(getRequest(`/blog/${id}`, jar), id)))

async function loaded(id: string) {
  const result = await readPost(id)
  if (result instanceof Response) throw new Error(`expected data, got ${result.status}`)
  return result
}

type CommentData = Awaited<ReturnType<typeof action>>['data']

async function comment(id: string, content: string, jar?: CookieJar, headers = {}) {
  const result = await settle(() =>
    action(args(formRequest(`/blog/${id}`, { content }, jar, headers), id)),
  )
  if (result instanceof Response) return result
  if (!isDataResult<CommentData>(result)) throw new Error('expected data()')
  if (jar) jar.apply(new Headers(result.init?.headers))
  return result as DataResult<CommentData>
}

function signedIn(accessTtl = 900) {
  const phone = '09121234567'
  if (!payments.users.has(phone)) payments.addUser(phone, 'password-123')
  return new CookieJar().apply(
    new Headers({ 'Set-Cookie': commitSession(payments.issueTokens(phone, accessTtl)) }),
  )
}

const commentPosts = () => cms.requests.filter((r) => r.method === 'POST')

describe('a post page', () => {
  it('shows the post, its author, Jalali date, category and approved comments', async () => {
    const { post, comments } = await loaded('toefl-doc')
    expect(post).toMatchObject({
      id: 'toefl-doc',
      title: 'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
      authorName: 'سارا محمدی',
      dateLabel: '۱۴۰۵/۰۸/۰۶',
      category: { key: 'exams-and-education', name: 'آزمون و تحصیل' },
    })
    expect(post.html).toBe(
      '<p>پاسپورتی که دست‌کم ۶ ماه اعتبار داشته باشد</p>\n' +
        '<p><a href="https://www.ets.org/" rel="noopener noreferrer" target="_blank">سایت ETS</a></p>',
    )
    // Newest first; the spam comment is not shown; a phone number as a name is masked.
    expect(comments.map((c) => [c.authorName, c.html])).toEqual([
      ['0935***2233', 'برای Home Edition هم همین مدارک لازم است؟'],
      ['mahsa_k', 'ممنون از راهنمای کامل.'],
    ])
    expect(comments[0]?.dateLabel).toBe('۱۴۰۵/۰۸/۰۸ ساعت ۰۸:۰۰')
    expect(comments).toHaveLength(2)
  })

  it('falls back to نویسنده and کاربر for missing names', async () => {
    cms.comments.push({
      id: 9,
      documentId: 'c-9',
      post: 'freelance-doc',
      content: 'خوب بود',
      authorUsername: null,
      moderationStatus: 'approved',
      createdAt: '2026-11-06T10:00:00.000Z',
    })
    const { post, comments } = await loaded('freelance-doc')
    expect(post.authorName).toBe('نویسنده')
    expect(comments.map((c) => c.authorName)).toEqual(['کاربر'])
  })

  it('sanitises post and comment HTML before it reaches the page', async () => {
    cms.posts[0]!.content =
      '<p class="x" style="color:red" onclick="alert(1)">متن<script>alert(2)</script></p>'
    cms.comments.push({
      id: 10,
      documentId: 'c-10',
      post: 'toefl-doc',
      content: '<img src=x onerror=alert(1)><b style="x">سلام</b>',
      authorUsername: 'x',
      moderationStatus: 'approved',
      createdAt: '2026-11-07T10:00:00.000Z',
    })
    const { post, comments } = await loaded('toefl-doc')
    expect(post.html).toBe('<p>متن</p>')
    expect(comments[0]?.html).toBe('<b>سلام</b>')
  })

  it('has no comments yet: an empty list', async () => {
    const { comments } = await loaded('adobe-doc')
    expect(comments).toEqual([])
  })

  it('lives at its readable slug (Persian too) and at the specification’s /blog/{id}; a numeric id moves to the slug', async () => {
    for (const id of ['toefl-registration-guide', 'toefl-doc']) {
      expect((await loaded(id)).post).toMatchObject({
        id: 'toefl-doc',
        path: '/blog/toefl-registration-guide',
      })
    }
    // Remix hands the route its address decoded.
    expect((await loaded('نقد-کردن-درآمد-فریلنسری')).post).toMatchObject({
      id: 'freelance-doc',
      cover: { alt: 'فریلنسر پشت لپ‌تاپ با فاکتور دلاری', width: 1200, height: 675 },
    })
    const response = (await readPost('2')) as Response
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/blog/toefl-registration-guide')
  })

  it('answers 404 for an unknown post, without asking the cms again', async () => {
    await loaded('toefl-doc')
    cms.requests.length = 0
    for (const id of ['no-such-post', '999', '<script>']) {
      const response = (await readPost(id)) as Response
      expect(response).toBeInstanceOf(Response)
      expect(response.status).toBe(404)
    }
    expect(cms.requests).toEqual([])
  })

  it('answers 404 when the cms is down and web has no copy', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    await cms.stop()
    try {
      expect(((await readPost('toefl-doc')) as Response).status).toBe(404)
    } finally {
      await cms.start()
    }
  })

  it('keeps serving the post and its comments while the cms is down', async () => {
    process.env.CMS_CACHE_TTL_SECONDS = '0'
    resetEnvCache()
    vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    await loaded('toefl-doc')
    cms.failWith = 503
    const { post, comments } = await loaded('toefl-doc')
    expect(post.title).toBe('راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل')
    expect(comments).toHaveLength(2)
  })

  it('shows no comments when only the comments cannot be read', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    await loaded('adobe-doc')
    // Posts are cached now; the first read of this post's comments times out.
    cms.hang = true
    const { post, comments } = await loaded('toefl-doc')
    expect(post.id).toBe('toefl-doc')
    expect(comments).toEqual([])
  })
})

describe('commenting', () => {
  it('tells a signed-out visitor to sign in, without calling the cms', async () => {
    const result = await comment('toefl-doc', 'سوال دارم')
    expect(result).toMatchObject({
      data: { status: 'signed-out', message: SIGN_IN, content: 'سوال دارم' },
      init: { status: 401 },
    })
    expect(commentPosts()).toEqual([])
  })

  it('posts for a signed-in customer with their token, then shows the comment', async () => {
    const jar = signedIn()
    const access = sessionCookie.read(getRequest('/', jar))?.access
    await loaded('toefl-doc')
    const result = await comment('toefl-doc', '  سوال دارم درباره تافل  ', jar)
    expect(result).toMatchObject({
      data: {
        status: 'created',
        moderation: 'approved',
        message: 'دیدگاه شما ثبت شد.',
        // As the list shows it: the page lists it at once even if the next load reaches another
        // web instance whose cached copy the change has not reached yet.
        comment: { html: 'سوال دارم درباره تافل', authorName: '0912***4567' },
        content: '',
      },
      init: { status: 200 },
    })
    expect(result).not.toHaveProperty('data.held')
    const [request] = commentPosts()
    expect(request?.headers.authorization).toBe(`Bearer ${access}`)
    expect(request?.body).toEqual({ post: 'toefl-doc', content: 'سوال دارم درباره تافل' })
    // The cached comments were dropped: the new one shows at once, not after the TTL.
    const { comments } = await loaded('toefl-doc')
    expect(comments[0]).toMatchObject({ html: 'سوال دارم درباره تافل', authorName: '0912***4567' })
    expect(comments).toHaveLength(3)
  })

  it('says truthfully when a comment waits for a moderator, and gives its author the text', async () => {
    for (const status of ['pending', 'spam'] as const) {
      cms.nextModerationStatus = status
      const result = await comment('toefl-doc', `نظر ${status}`, signedIn())
      expect(result).toMatchObject({
        data: {
          status: 'created',
          moderation: 'pending',
          message: 'دیدگاه شما ثبت شد و پس از بررسی مدیر سایت نمایش داده می‌شود.',
          // Shown marked «در انتظار بررسی» (comment-form.tsx) instead of vanishing.
          held: `نظر ${status}`,
          content: '',
        },
      })
    }
    expect((await loaded('toefl-doc')).comments).toHaveLength(2)
  })

  it('ignores blank text', async () => {
    const result = await comment('toefl-doc', ' \n\t ', signedIn())
    expect(result).toMatchObject({ data: { status: 'blank' }, init: { status: 400 } })
    expect(commentPosts()).toEqual([])
  })

  it('refreshes an expiring access token first and keeps the new session', async () => {
    const jar = signedIn(10)
    const before = jar.get('arzpol_session')
    const result = await comment('toefl-doc', 'با توکن تازه', jar)
    expect(result).toMatchObject({ data: { status: 'created' } })
    expect(payments.requests.map((r) => r.path)).toEqual(['/api/auth/token/refresh/'])
    expect(jar.get('arzpol_session')).not.toBe(before)
    const fresh = sessionCookie.read(getRequest('/', jar))?.access
    expect(commentPosts()[0]?.headers.authorization).toBe(`Bearer ${fresh}`)
  })

  it('refreshes once when the cms refuses a token that looked fresh', async () => {
    const jar = signedIn()
    const first = sessionCookie.read(getRequest('/', jar))!.access
    cms.acceptToken = (token) => token !== first
    const result = await comment('toefl-doc', 'دوباره', jar)
    expect(result).toMatchObject({ data: { status: 'created' } })
    expect(commentPosts()).toHaveLength(2)
  })

  it('treats a dead session as signed out and clears it', async () => {
    const jar = signedIn(10)
    for (const entry of payments.refreshTokens.values()) entry.live = false
    const result = await comment('toefl-doc', 'نظر', jar)
    expect(result).toMatchObject({ data: { status: 'signed-out', message: SIGN_IN } })
    expect(jar.get('arzpol_session')).toBeUndefined()
    expect(commentPosts()).toEqual([])
  })

  it('shows the failure message when the cms refuses or cannot be reached', async () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    const jar = signedIn()
    await loaded('toefl-doc')
    cms.failWith = 503
    expect(await comment('toefl-doc', 'نظر یک', jar)).toMatchObject({
      data: { status: 'failed', message: FAILED, content: 'نظر یک' },
      init: { status: 502 },
    })
    cms.failWith = null
    await cms.stop()
    try {
      expect(await comment('toefl-doc', 'نظر دو', jar)).toMatchObject({
        data: { status: 'failed', message: FAILED },
      })
    } finally {
      await cms.start()
    }
    expect(error).toHaveBeenCalled()
  })

  it('refuses text longer than the cms accepts without sending it', async () => {
    // A 400 (the customer's to shorten), not the 502 of an unreachable cms (found by the form fuzz).
    const result = await comment('toefl-doc', 'ا'.repeat(2001), signedIn())
    expect(result).toMatchObject({
      data: { status: 'refused', message: FAILED },
      init: { status: 400 },
    })
    expect(commentPosts()).toEqual([])
  })

  it('answers 404 for a comment on an unknown post', async () => {
    const result = (await comment('no-such-post', 'نظر', signedIn())) as Response
    expect(result.status).toBe(404)
  })
})

const postEvent = { event: 'entry.publish', model: 'post', uid: 'api::post.post', entry: {} }

describe('the cms webhook', () => {
  const hook = (authorization?: string, body: unknown = postEvent) =>
    settle(() =>
      webhookAction({
        request: new Request(new URL('/resources/cms-webhook', BASE), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(authorization ? { Authorization: authorization } : {}),
          },
          body: JSON.stringify(body),
        }),
        params: {},
        context: {},
      }),
    ) as Promise<Response>

  it('drops the cached content when the cms says it changed', async () => {
    expect((await loaded('toefl-doc')).post.title).toBe(
      'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
    )
    cms.posts[0]!.title = 'عنوان تازه'
    cms.posts.push({
      id: 30,
      documentId: 'new-doc',
      title: 'مطلب تازه',
      content: paragraphs('متن تازه'),
      date: '2026-11-20T10:00:00.000Z',
    })
    // Still cached.
    expect((await loaded('toefl-doc')).post.title).not.toBe('عنوان تازه')
    expect(((await readPost('new-doc')) as Response).status).toBe(404)

    const response = await hook(`Bearer ${WEBHOOK_SECRET}`)
    expect(response.status).toBe(204)
    expect((await loaded('toefl-doc')).post.title).toBe('عنوان تازه')
    expect((await loaded('new-doc')).post.title).toBe('مطلب تازه')
  })

  it('drops only the comments when a comment changed', async () => {
    await loaded('toefl-doc')
    cms.comments[0]!.content = 'ویرایش مدیر'
    const response = await hook(`Bearer ${WEBHOOK_SECRET}`, {
      event: 'entry.update',
      model: 'comment',
      uid: 'api::comment.comment',
      entry: { id: 1, content: 'ویرایش مدیر' },
    })
    expect(response.status).toBe(204)
    cms.requests.length = 0
    const { comments } = await loaded('toefl-doc')
    expect(comments.map((c) => c.html)).toContain('ویرایش مدیر')
    expect(cms.requests.map((r) => r.path)).toEqual(['/api/comments'])
  })

  it('refuses a missing or wrong secret with 401 and keeps the cache', async () => {
    await loaded('toefl-doc')
    for (const authorization of [
      undefined,
      'Bearer wrong-secret-0123456789',
      `Basic ${WEBHOOK_SECRET}`,
      `Bearer ${WEBHOOK_SECRET}x`,
    ]) {
      const response = await hook(authorization)
      expect(response.status).toBe(401)
    }
    cms.requests.length = 0
    await loaded('toefl-doc')
    expect(cms.requests).toEqual([])
  })

  it('refuses everything when web has no secret configured', async () => {
    delete process.env.CMS_WEBHOOK_SECRET
    resetEnvCache()
    const warn = vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    expect((await hook(`Bearer ${WEBHOOK_SECRET}`)).status).toBe(401)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('CMS_WEBHOOK_SECRET'))
  })

  it('only accepts POST', async () => {
    expect(webhookLoader().status).toBe(405)
  })
})
