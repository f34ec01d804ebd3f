import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { blogCache } from '~/features/content/cms-blog.server.ts'
import { seedBlog } from '../../../tests/blog-fixtures.ts'
import { paragraphs, startFakeCms } from '../../../tests/fake-cms.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { getRequest } from '../../../tests/utils.ts'
import { loader } from './route.tsx'

const cms = await standInForFile(startFakeCms(), 'CMS_URL', (cms) => {
  process.env.CMS_CACHE_TTL_SECONDS = '60'
  process.env.CMS_TIMEOUT_MS = '300'
  blogCache.clear()
  seedBlog(cms)
  cms.reset()
})

const list = (path: string) => loader({ request: getRequest(path), params: {}, context: {} })
const titles = (result: Awaited<ReturnType<typeof list>>) => result.posts.map((p) => p.title)
const postRequests = () => cms.requests.filter((r) => r.path === '/api/posts').length

describe('blog list', () => {
  it('lists every post newest first, with the count, categories and display values', async () => {
    const result = await list('/blog')
    expect(titles(result)).toEqual([
      'چطور درآمد فریلنسری را به ریال نقد کنیم؟',
      'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
      'خرید اشتراک Adobe Creative Cloud از ایران',
    ])
    expect(result.countLabel).toBe('۳ مطلب')
    expect(result.categories).toEqual([
      { key: null, name: 'همه', countLabel: '۳' },
      { key: 'freelancing', name: 'فریلنسری و درآمد ارزی', countLabel: '۱' },
      { key: 'exams-and-education', name: 'آزمون و تحصیل', countLabel: '۱' },
      { key: 'payment-guides', name: 'راهنمای پرداخت', countLabel: '۱' },
    ])
    expect(result.posts[0]).toEqual({
      id: 'freelance-doc',
      // Its readable address, and its cover in every size the cms made.
      path: `/blog/${encodeURIComponent('نقد-کردن-درآمد-فریلنسری')}`,
      cover: {
        src: `${process.env.CMS_URL}/uploads/freelance_cover.jpg`,
        srcSet: `${process.env.CMS_URL}/uploads/small_freelance_cover.jpg 500w, ${process.env.CMS_URL}/uploads/freelance_cover.jpg 1200w`,
        width: 1200,
        height: 675,
        alt: 'فریلنسر پشت لپ‌تاپ با فاکتور دلاری',
      },
      title: 'چطور درآمد فریلنسری را به ریال نقد کنیم؟',
      excerpt: 'سه مرحله ساده برای تبدیل درآمد ارزی.',
      date: '2026-11-05T10:15:00.000Z',
      dateLabel: '۱۴۰۵/۰۸/۱۴',
      category: 'فریلنسری و درآمد ارزی',
      // No author in the cms: the product's fallback.
      authorName: 'نویسنده',
    })
    expect(result.posts[2]).toMatchObject({ excerpt: '', cover: null })
  })

  it('searches titles and bodies, whatever digits, Arabic letters or half-spaces are typed', async () => {
    expect(titles(await list('/blog?q=تافل'))).toEqual([
      'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
    ])
    // In the body only, with Latin digits for "۶ ماه".
    expect(titles(await list('/blog?q=6%20ماه'))).toEqual([
      'راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل',
    ])
    // A space for the half-space of «پی‌پال», Arabic ي and ك in «پیپال» and «کنید».
    expect(titles(await list(`/blog?q=${encodeURIComponent('پی پال')}`))).toHaveLength(1)
    expect(titles(await list(`/blog?q=${encodeURIComponent('تمديد كنيد')}`))).toEqual([
      'خرید اشتراک Adobe Creative Cloud از ایران',
    ])
    // Every word must match, in any order; case does not matter.
    expect(titles(await list('/blog?q=adobe%20فتوشاپ'))).toHaveLength(1)
    expect(titles(await list('/blog?q=adobe%20تافل'))).toEqual([])
  })

  it('filters by category, together with the search', async () => {
    const result = await list('/blog?category=exams-and-education')
    expect(titles(result)).toEqual(['راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل'])
    expect(result.countLabel).toBe('۱ مطلب')
    expect(result.category).toBe('exams-and-education')
    // The sidebar still counts every post.
    expect(result.categories[0]).toEqual({ key: null, name: 'همه', countLabel: '۳' })
    expect(titles(await list('/blog?category=exams-and-education&q=فریلنسری'))).toEqual([])
    expect(titles(await list('/blog?category=no-such-category'))).toEqual([])
  })

  it('asks the cms once for many page views, and again after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await list('/blog')
      await list('/blog?q=تافل')
      await list('/blog?category=freelancing')
      expect(postRequests()).toBe(1)
      vi.setSystemTime(Date.now() + 61_000)
      await list('/blog')
      expect(postRequests()).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads every page of a long list', async () => {
    cms.posts = Array.from({ length: 130 }, (_, i) => ({
      id: i + 1,
      documentId: `doc-${i + 1}`,
      title: `مطلب ${i + 1}`,
      content: paragraphs('متن'),
      date: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
    }))
    const result = await list('/blog')
    expect(result.posts).toHaveLength(130)
    expect(result.countLabel).toBe('۱۳۰ مطلب')
    expect(postRequests()).toBe(2)
  })

  it('keeps serving the last good list while the cms is down', async () => {
    process.env.CMS_CACHE_TTL_SECONDS = '0'
    resetEnvCache()
    const warn = vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    await list('/blog')
    await cms.stop()
    try {
      const result = await list('/blog?q=تافل')
      expect(titles(result)).toEqual(['راهنمای کامل ثبت‌نام و پرداخت هزینه آزمون تافل'])
      expect(warn).toHaveBeenCalledWith(
        expect.anything(),
        expect.stringContaining('serving the cached copy'),
      )
    } finally {
      await cms.start()
    }
  })

  it('shows the empty list when the cms is down and web has no copy', async () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    cms.failWith = 500
    const result = await list('/blog')
    expect(result.posts).toEqual([])
    expect(result.countLabel).toBe('۰ مطلب')
    expect(result.categories).toEqual([{ key: null, name: 'همه', countLabel: '۰' }])
    expect(error).toHaveBeenCalledWith(expect.stringContaining('unavailable'))
  })

  it('waits for a hung cms at most three times CMS_TIMEOUT_MS when it has nothing to show', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    cms.hang = true
    const started = Date.now()
    const result = await list('/blog')
    expect(result.posts).toEqual([])
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(850)
    expect(waited).toBeLessThan(3_000)
  })

  it('waits for a hung cms only CMS_TIMEOUT_MS when it has a copy to show', async () => {
    process.env.CMS_CACHE_TTL_SECONDS = '0'
    resetEnvCache()
    vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    await list('/blog')
    cms.hang = true
    const started = Date.now()
    expect((await list('/blog')).posts).toHaveLength(3)
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(250)
    expect(waited).toBeLessThan(850)
  })

  it('skips a malformed post instead of losing the whole list', async () => {
    const warn = vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    cms.posts.push({ id: 99, documentId: '', title: 'بی‌شناسه' })
    expect((await list('/blog')).posts).toHaveLength(3)
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('malformed'))
  })
})
