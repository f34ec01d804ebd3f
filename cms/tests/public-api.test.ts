import { describe, expect, it } from 'vitest'

import type * as PublicPermissions from '../src/bootstrap/public-permissions'
import { commentsCmsForFile } from './comments-harness'
import { requireCompiled } from './harness'
import { publicReadPath } from './public-routes'
import { describeQueryFuzz } from './query-fuzz'

/**
 * The public API's query boundary (ADR 036): what web sends is answered, anything else is a 400
 * in Strapi's error shape with a Persian message, never a 500 and never a draft. The generated
 * hostile queries (query-fuzz.ts) run on the same cms: one Strapi boot for both.
 */

const { PUBLIC_READ_ACTIONS } = requireCompiled<typeof PublicPermissions>(
  'bootstrap/public-permissions.js',
)

const POST_SLUG = 'boundary-post'
const cms = commentsCmsForFile({ title: 'نوشته‌ای برای مرز', slug: POST_SLUG })

interface StrapiError {
  data: null
  error: {
    status: number
    name: string
    message: string
    details: { errors: { path: string[]; message: string }[] }
  }
}

async function get(path: string) {
  const response = await fetch(`${cms.base}${path}`)
  const text = await response.text()
  return { status: response.status, json: JSON.parse(text) as unknown }
}

const PERSIAN = /[\u0600-\u06ff]/

function expectRefusal(answer: { status: number; json: unknown }, parameter: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(400)
  const body = answer.json as StrapiError
  expect(body.data).toBeNull()
  expect(body.error).toMatchObject({ status: 400, name: 'ValidationError' })
  expect(body.error.message).toMatch(PERSIAN)
  expect(body.error.details.errors.map((error) => error.path[0])).toContain(parameter)
}

/** What web sends (web/app/features/content/cms.server.ts, cms-pages.server.ts). */
const page = (n: number) => `pagination[page]=${n}&pagination[pageSize]=100`
const WEB_QUERIES = [
  `/api/posts?sort[0]=date:desc&sort[1]=id:desc&${page(1)}`,
  `/api/posts?sort%5B0%5D=date%3Adesc&sort%5B1%5D=id%3Adesc&${page(2)}`,
  `/api/comments?filters[post][documentId][$eq]=abc123def456&sort[0]=createdAt:desc&sort[1]=id:desc&${page(1)}`,
  `/api/service-pages?filters[slug][$eq]=fx-topup&${page(1)}`,
  `/api/tier-pages?filters[slug][$eq]=base&${page(1)}`,
  `/api/terms-versions?sort[0]=publishedAt:desc&sort[1]=id:desc&${page(1)}`,
  // The README's and the benchmark's.
  `/api/posts?filters[slug][$eq]=${POST_SLUG}`,
  '/api/posts?pagination[pageSize]=1&sort[0]=date:desc',
  '/api/posts?sort=date:desc&pagination[pageSize]=100',
  `/api/comments?filters[post][slug][$eq]=${POST_SLUG}`,
  '/api/terms-versions?sort=publishedAt:desc&pagination[limit]=1',
  '/api/categories',
  '/api/authors',
]

describe('the queries web sends', () => {
  it.each(WEB_QUERIES)('%s answers 200', async (path) => {
    const answer = await get(path)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  })

  it('finds the post by slug', async () => {
    const answer = await get(`/api/posts?filters[slug][$eq]=${POST_SLUG}`)
    expect((answer.json as { data: { slug: string }[] }).data.map((p) => p.slug)).toEqual([
      POST_SLUG,
    ])
  })
})

describe("the scanner's findings and other hostile queries", () => {
  it.each([
    ['/api/posts?sort=title.x', 'sort'],
    ['/api/posts?sort=../x', 'sort'],
    ['/api/comments?sort=title.x', 'sort'],
    ['/api/comments?sort=../x', 'sort'],
    ['/api/posts?sort=title', 'sort'],
    ['/api/posts?sort[0]=date:sideways', 'sort'],
    ['/api/posts?sort[date]=desc', 'sort'],
    ['/api/posts?sort', 'sort'],
    ['/api/posts?populate=*', 'populate'],
    ['/api/posts?populate[author][populate][avatar]=true', 'populate'],
    ['/api/posts?fields[0]=title', 'fields'],
    ['/api/posts?status=draft', 'status'],
    ['/api/posts?locale=fa', 'locale'],
    ['/api/posts?filters[title][$contains]=a', 'filters'],
    ['/api/posts?filters[slug][$ne]=x', 'filters'],
    ['/api/posts?filters[slug][$eq]=a%00b', 'filters'],
    ['/api/posts?filters[slug][$eq][0]=a', 'filters'],
    ['/api/posts?filters[$or][0][slug][$eq]=a', 'filters'],
    ['/api/posts?pagination[pageSize]=1000', 'pagination'],
    ['/api/posts?pagination[page]=-1', 'pagination'],
    ['/api/posts?pagination[page]=1&pagination[limit]=5', 'pagination'],
    ['/api/posts?pagination[withCount]=false', 'pagination'],
    ['/api/comments?filters[moderationStatus][$eq]=spam', 'filters'],
    ['/api/comments?filters[authorId][$eq]=7001', 'filters'],
    ['/api/comments?sort=authorId:asc', 'sort'],
    ['/api/landing-page?populate=*', 'populate'],
    ['/api/posts?_q=x', '_q'],
  ])('%s is refused (%s)', async (path, parameter) => {
    expectRefusal(await get(path), parameter)
  })

  it('shows no draft, whatever the query asks', async () => {
    await cms.strapi.documents('api::post.post').create({
      data: {
        title: 'پیش‌نویس مرز',
        slug: 'boundary-draft',
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'راز' }] }],
        date: new Date().toISOString(),
      },
    })
    for (const path of [
      '/api/posts?status=draft',
      '/api/posts?status=draft&filters[slug][$eq]=boundary-draft',
      '/api/posts?publicationState=preview',
    ]) {
      const answer = await get(path)
      expect(JSON.stringify(answer.json), path).not.toContain('راز')
      expect(answer.status, path).toBe(400)
    }
  })

  it('guards the route Strapi matched, whatever the case or trailing slash', async () => {
    for (const path of ['/API/Posts?sort=title.x', '/api/posts/?sort=../x', '/api/COMMENTS/?x=1']) {
      const answer = await get(path)
      expect([400, 404], `${path} ${answer.status}`).toContain(answer.status)
    }
  })

  it('answers an id that cannot be a documentId with 404', async () => {
    for (const id of ['..%2Fx', 'a%00b', 'x'.repeat(65), '%D8%B1']) {
      const answer = await get(`/api/posts/${id}`)
      expect(answer.status, id).toBe(404)
      expect((answer.json as StrapiError).error.message).toMatch(PERSIAN)
    }
  })

  it('refuses an unknown parameter on every public route and on the comment submission', async () => {
    const paths = PUBLIC_READ_ACTIONS.map((action) => publicReadPath(cms.strapi, action, 'abc'))
    expect(paths).toHaveLength(PUBLIC_READ_ACTIONS.length)
    for (const path of paths) expectRefusal(await get(`${path}?populate=*`), 'populate')
    const post = await fetch(`${cms.base}/api/comments?populate=*`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ post: POST_SLUG, content: 'سلام' }),
    })
    expectRefusal({ status: post.status, json: await post.json() }, 'populate')
  })
})

describe('the public role', () => {
  it('has exactly the listed read actions: no Strapi accounts, no password emails', async () => {
    const role = (await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'public' }, populate: ['permissions'] })) as {
      permissions: { action: string }[]
    }
    expect(role.permissions.map((p) => p.action).sort()).toEqual([...PUBLIC_READ_ACTIONS].sort())
    const post = (path: string, body: unknown) =>
      fetch(`${cms.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const account = { username: 'intruder', email: 'intruder@example.com', password: 'Intr-1234' }
    expect((await post('/api/auth/local/register', account)).status).toBe(403)
    expect((await post('/api/auth/local', { identifier: 'x', password: 'y' })).status).toBe(403)
    expect((await post('/api/auth/forgot-password', { email: account.email })).status).toBe(403)
    expect(await cms.strapi.db.query('plugin::users-permissions.user').count()).toBe(0)
  })
})

describeQueryFuzz(cms, POST_SLUG)
