import type { Core } from '@strapi/strapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type * as PreviewToken from '../src/preview/preview-token'
import { requireCompiled, startTestCms, type TestCms } from './harness'

const { previewKey, signPreviewToken, PREVIEW_LIFETIME_SECONDS } = requireCompiled<
  typeof PreviewToken
>('preview/preview-token.js')

const SERVICE_PAGE = 'api::service-page.service-page'
const WEB_URL = 'http://web.arzpol.test'
const DRAFT_TITLE = 'پیش‌نویس: خرید دامنه با پرداخت ریالی'

let cms: TestCms | undefined
let strapi: Core.Strapi
let base: string
let key: Uint8Array
let documentId: string
let publishedTitle: string

beforeAll(async () => {
  cms = await startTestCms({ WEB_URL })
  strapi = cms.strapi
  base = cms.base
  key = previewKey(cms.env.CMS_ADMIN_JWT_SECRET!)
  // An editor changes a published page without publishing: the draft and the public page differ.
  const page = (await strapi
    .documents(SERVICE_PAGE)
    .findFirst({ filters: { slug: 'domain-hosting' }, status: 'published' })) as unknown as {
    documentId: string
    title: string
  }
  documentId = page.documentId
  publishedTitle = page.title
  await strapi.documents(SERVICE_PAGE).update({ documentId, data: { title: DRAFT_TITLE } } as never)
})

afterAll(async () => {
  await cms?.stop()
})

interface PreviewAnswer {
  data: {
    kind: string
    status: string
    entry: { title: string; hero: { title: string }; faq: { items: unknown[] } }
  } | null
  error?: { message: string }
}

async function preview(token: string) {
  const response = await fetch(`${base}/api/previews/${token}`)
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as PreviewAnswer,
  }
}

const draftToken = (now = Date.now()) =>
  signPreviewToken(key, { uid: SERVICE_PAGE, documentId, status: 'draft' }, now)

describe('previewing a draft on the site', () => {
  it('offers a preview link to web for service and tier pages, and none for other types', async () => {
    const { handler } = strapi.config.get('admin.preview.config') as {
      handler(uid: string, params: object): Promise<string | null>
    }
    const link = await handler(SERVICE_PAGE, { documentId, status: 'draft' })
    expect(link).toMatch(new RegExp(`^${WEB_URL}/preview/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`))
    expect(await handler('api::comment.comment', { documentId, status: 'draft' })).toBeNull()
    expect(strapi.config.get('admin.preview.config.allowedOrigins')).toEqual([WEB_URL])
  })

  it("answers the draft, filled in like the public page, while the public still reads what's published", async () => {
    const { status, headers, body } = await preview(await draftToken())
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body.data).toMatchObject({ kind: 'service-page', status: 'draft' })
    expect(body.data?.entry.title).toBe(DRAFT_TITLE)
    expect(body.data?.entry.faq.items.length).toBeGreaterThan(0)
    expect(body.data?.entry.hero.title).toBeTruthy()

    const published = await fetch(`${base}/api/service-pages?filters[slug][$eq]=domain-hosting`)
    const list = (await published.json()) as { data: { title: string }[] }
    expect(list.data[0]?.title).toBe(publishedTitle)

    const token = await signPreviewToken(key, {
      uid: SERVICE_PAGE,
      documentId,
      status: 'published',
    })
    expect((await preview(token)).body.data?.entry.title).toBe(publishedTitle)
  })

  it('answers a post as the public post would be, without the fields only editors see', async () => {
    const post = (await strapi
      .documents('api::post.post')
      .findFirst({ status: 'published', populate: { author: true } })) as unknown as {
      documentId: string
      title: string
    }
    const token = await signPreviewToken(key, {
      uid: 'api::post.post',
      documentId: post.documentId,
      status: 'draft',
    })
    const { status, body } = await preview(token)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ kind: 'post', entry: { title: post.title } })
    // Sanitised like the public API: no admin users behind createdBy / updatedBy.
    expect(JSON.stringify(body.data?.entry)).not.toMatch(/createdBy|updatedBy|password/)
  })

  it('tells an editor whose link is too old that it expired', async () => {
    const old = await draftToken(Date.now() - (PREVIEW_LIFETIME_SECONDS + 60) * 1000)
    const { status, body } = await preview(old)
    expect(status).toBe(410)
    expect(body.error?.message).toBe('این پیوند پیش‌نمایش منقضی شده است.')
  })

  it('shows nothing for a forged, altered or foreign link', async () => {
    const good = await draftToken()
    const [header, payload, signature] = good.split('.') as [string, string, string]
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    const foreignKey = previewKey('another-installation-secret-0123456789')
    const foreign = await signPreviewToken(foreignKey, {
      uid: SERVICE_PAGE,
      documentId,
      status: 'draft',
    })
    // A type web does not draw (comments hold private fields) is no preview, even if signed.
    const comment = await signPreviewToken(key, {
      uid: 'api::comment.comment' as typeof SERVICE_PAGE,
      documentId,
      status: 'draft',
    })
    const missing = await signPreviewToken(key, {
      uid: SERVICE_PAGE,
      documentId: 'nosuchdocument0000000000',
      status: 'draft',
    })
    for (const token of [altered, foreign, comment, missing, 'not-a-token']) {
      const { status, body } = await preview(token)
      expect(status, token).toBe(404)
      expect(body).toMatchObject({ data: null, error: { message: 'چنین پیش‌نمایشی پیدا نشد.' } })
    }
    // Like every public route, it takes no query string.
    const withQuery = await fetch(`${base}/api/previews/${good}?populate=*`)
    expect(withQuery.status).toBe(400)
  })
})
