import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/utils/env.server.ts'
import { canonicalUrl, pageSeo } from './seo.server.ts'
import { pageTitle, seoMeta } from './seo.ts'

/** The site's public address, as the environment gives it (undefined: not set). */
function publicUrl(url: string | undefined) {
  if (url === undefined) delete process.env.WEB_PUBLIC_URL
  else process.env.WEB_PUBLIC_URL = url
  resetEnvCache()
}

afterEach(() => publicUrl(undefined))

describe('page titles', () => {
  it('adds the site name once', () => {
    expect(pageTitle('قوانین و مقررات')).toBe('قوانین و مقررات | ارزپل')
    expect(pageTitle('درباره ارزپل | پل ارزی شما')).toBe('درباره ارزپل | پل ارزی شما')
  })
})

describe('canonical URLs', () => {
  it('are absolute on WEB_PUBLIC_URL, whatever host the request used', () => {
    publicUrl('https://arzpol.ir/')
    expect(canonicalUrl('/terms')).toBe('https://arzpol.ir/terms')
    expect(canonicalUrl('about')).toBe('https://arzpol.ir/about')
    expect(canonicalUrl('/')).toBe('https://arzpol.ir/')
  })
})

describe('pageSeo and seoMeta', () => {
  it("prefers the cms's title and description, else the page's own", () => {
    publicUrl('https://arzpol.ir')
    const own = pageSeo({ path: '/about', title: 'درباره ما', description: 'توضیح' })
    expect(own).toEqual({
      title: 'درباره ما | ارزپل',
      description: 'توضیح',
      canonical: 'https://arzpol.ir/about',
    })
    const fromCms = pageSeo({
      path: '/about',
      title: 'درباره ما',
      description: 'توضیح',
      cms: { title: 'عنوان سئو', description: null },
    })
    expect(fromCms.title).toBe('عنوان سئو | ارزپل')
    expect(fromCms.description).toBe('توضیح')
  })

  it('gives the title, description, canonical link and Open Graph tags', () => {
    const meta = seoMeta({
      title: 'خدمات پایه | ارزپل',
      description: 'شارژ حساب ارزی',
      canonical: 'https://arzpol.ir/services/base',
    })
    expect(meta).toContainEqual({ title: 'خدمات پایه | ارزپل' })
    expect(meta).toContainEqual({ name: 'description', content: 'شارژ حساب ارزی' })
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://arzpol.ir/services/base',
    })
    expect(meta).toContainEqual({ property: 'og:title', content: 'خدمات پایه | ارزپل' })
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://arzpol.ir/services/base' })
    expect(meta).toContainEqual({ property: 'og:locale', content: 'fa_IR' })
    expect(meta).not.toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('keeps unavailable pages out of search engines', () => {
    const meta = seoMeta({ title: 't', description: 'd', canonical: 'https://a/', noindex: true })
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('falls back to the site name without data (an error page)', () => {
    expect(seoMeta(undefined)).toEqual([{ title: 'ارزپل' }])
  })
})
