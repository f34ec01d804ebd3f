import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { paragraphs, startFakeCms } from '../../tests/fake-cms.ts'
import { standInForFile } from '../../tests/stand-in-for-file.ts'
import { getRequest, isDataResult, settle } from '../../tests/utils.ts'
import { loader } from './preview.$token.tsx'

const cms = await standInForFile(startFakeCms(), 'CMS_URL', (cms) => {
  process.env.CMS_TIMEOUT_MS = '300'
  cms.reset()
  cms.singles = {}
})

// What a link from the admin looks like: a compact JWS (the cms checks its signature).
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJkb2MiOiJhYmMifQ.c2lnbmF0dXJl'
const hero = (title: string) => ({ title, subtitle: null, buttonLabel: null, buttonLink: null })

async function open(token: string) {
  const result = await settle(() =>
    loader({ request: getRequest(`/preview/${token}`), params: { token }, context: {} }),
  )
  if (!isDataResult<Awaited<ReturnType<typeof loader>>['data']>(result)) {
    throw new Error('expected data()')
  }
  return {
    preview: result.data,
    init: new Headers(result.init?.headers),
    status: result.init?.status,
  }
}

describe('the preview page', () => {
  it('draws the draft the cms hands back for the link, never cached or indexed', async () => {
    cms.singles[`/api/previews/${TOKEN}`] = {
      kind: 'service-page',
      status: 'draft',
      entry: { slug: 'fx-topup', title: 'شارژ', paymentType: 'topup', hero: hero('پیش‌نویس شارژ') },
    }
    const { preview, init, status } = await open(TOKEN)
    expect(status).toBe(200)
    expect(preview).toMatchObject({
      status: 'ok',
      state: 'draft',
      page: { kind: 'service-page', content: { hero: { title: 'پیش‌نویس شارژ' } } },
    })
    expect(init.get('Cache-Control')).toBe('no-store')
    expect(init.get('X-Robots-Tag')).toBe('noindex, nofollow')
  })

  it('draws a draft post with its sanitised body', async () => {
    cms.singles[`/api/previews/${TOKEN}`] = {
      kind: 'post',
      status: 'draft',
      entry: {
        id: 7,
        documentId: 'draftpost0000000000000001',
        title: 'پیش‌نویس راهنمای تافل',
        content: paragraphs('متن پیش‌نویس <img src=x onerror=alert(1)>'),
        author: { name: 'مریم احمدی' },
      },
    }
    const { preview } = await open(TOKEN)
    expect(preview).toMatchObject({
      status: 'ok',
      page: { kind: 'post', content: { title: 'پیش‌نویس راهنمای تافل', authorName: 'مریم احمدی' } },
    })
    const html =
      preview.status === 'ok' && preview.page.kind === 'post' ? preview.page.content.html : ''
    expect(html).toContain('متن پیش‌نویس')
    expect(html).not.toContain('<img')
  })

  it('says an old link expired and an unknown one names nothing, without asking the cms for junk', async () => {
    cms.failWith = 410
    expect(await open(TOKEN)).toMatchObject({ preview: { status: 'expired' }, status: 410 })
    cms.failWith = 404
    expect(await open(TOKEN)).toMatchObject({ preview: { status: 'missing' }, status: 404 })
    cms.reset()
    for (const junk of ['', 'abc', '../../api/posts', `${TOKEN}?populate=*`, 'a.b.c.d']) {
      expect((await open(junk)).status, junk).toBe(404)
    }
    expect(cms.requests).toEqual([])
  })

  it('tells the editor the preview is unavailable when the cms fails or answers a broken page', async () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    try {
      cms.failWith = 500
      expect(await open(TOKEN)).toMatchObject({ preview: { status: 'unavailable' }, status: 503 })
      cms.reset()
      cms.singles[`/api/previews/${TOKEN}`] = { kind: 'tier-page', status: 'draft', entry: {} }
      expect(await open(TOKEN)).toMatchObject({ preview: { status: 'unavailable' }, status: 503 })
    } finally {
      error.mockRestore()
    }
  })
})
