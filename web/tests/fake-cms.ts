import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { readJson } from './http-stand-in.ts'

/**
 * A real local HTTP server that imitates the cms's public REST contract (cms/README.md: Strapi 5
 * collection answers, `POST /api/comments` with a bearer token), for web's loader, action and
 * cache tests. In memory, one instance per test file. It can also fail, hang or go away, which
 * the real cms cannot be made to do on demand; the Playwright tests cover the real thing.
 */

export interface FakePost {
  id: number
  documentId: string
  title: string
  slug?: string | null
  excerpt?: string | null
  content?: unknown
  date?: string | null
  publishedAt?: string | null
  createdAt?: string | null
  category?: unknown
  author?: unknown
  /** A Strapi upload: url, name, alternativeText, width, height, formats. */
  cover?: unknown
}

export interface FakeComment {
  id: number
  documentId: string
  post: string
  content: string
  authorUsername?: string | null
  moderationStatus: 'approved' | 'pending' | 'spam'
  createdAt: string
}

export interface FakeCmsRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: unknown
}

export interface FakeCms {
  url: string
  posts: FakePost[]
  comments: FakeComment[]
  /** Single types by path (`/api/landing-page` → its data); a missing one answers 404. */
  singles: Record<string, unknown>
  /** Other collections by path (tier and service pages, terms), filtered by `filters[slug][$eq]`. */
  entries: Record<string, Record<string, unknown>[]>
  requests: FakeCmsRequest[]
  /** Answer every request with this status until cleared. */
  failWith: number | null
  /** Accept connections but never answer (a hung cms). */
  hang: boolean
  /** Moderation status given to the next created comments. */
  nextModerationStatus: FakeComment['moderationStatus']
  /** Which bearer tokens the cms accepts; by default any unexpired JWT-shaped token. */
  acceptToken: (token: string) => boolean
  /** Stops listening and drops open connections (the cms went away); `start()` brings it back. */
  /** Forgets the requests and any failure, hang or rule a test set; keeps the content. */
  reset(): void
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function unexpiredJwt(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: number
    }
    return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now()
  } catch {
    return false
  }
}

function strapiError(status: number, name: string, message: string) {
  return { data: null, error: { status, name, message, details: {} } }
}

function paginate<T>(items: T[], query: URLSearchParams) {
  const page = Math.max(1, Number(query.get('pagination[page]') ?? 1))
  const pageSize = Math.min(100, Math.max(1, Number(query.get('pagination[pageSize]') ?? 25)))
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  return {
    data: items.slice((page - 1) * pageSize, page * pageSize),
    meta: { pagination: { page, pageSize, pageCount, total: items.length } },
  }
}

export async function startFakeCms(): Promise<FakeCms> {
  const sockets = new Set<Socket>()
  let nextId = 1000
  let port = 0

  const fake: FakeCms = {
    url: '',
    posts: [],
    comments: [],
    singles: {},
    entries: {},
    requests: [],
    failWith: null,
    hang: false,
    nextModerationStatus: 'approved',
    acceptToken: unexpiredJwt,
    reset() {
      fake.requests.length = 0
      fake.failWith = null
      fake.hang = false
      fake.nextModerationStatus = 'approved'
      fake.acceptToken = unexpiredJwt
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
    start: () => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () => fake.stop(),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const body = await readJson(req)
    fake.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    })
    if (fake.hang) return
    if (fake.failWith !== null) {
      return send(res, fake.failWith, strapiError(fake.failWith, 'Error', 'failure'))
    }
    const route = `${req.method} ${url.pathname}`
    if (route === 'GET /api/posts') {
      const byDate = [...fake.posts].sort((a, b) =>
        String(b.date ?? '').localeCompare(String(a.date ?? '')),
      )
      return send(res, 200, paginate(byDate, url.searchParams))
    }
    if (route === 'GET /api/comments') {
      const post = url.searchParams.get('filters[post][documentId][$eq]')
      const visible = fake.comments
        .filter((c) => c.moderationStatus === 'approved' && (!post || c.post === post))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(({ post: _post, ...comment }) => comment)
      return send(res, 200, paginate(visible, url.searchParams))
    }
    if (route === 'POST /api/comments') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      if (!token) return send(res, 401, strapiError(401, 'UnauthorizedError', 'sign in'))
      if (!fake.acceptToken(token)) {
        return send(res, 401, strapiError(401, 'UnauthorizedError', 'invalid or expired token'))
      }
      const input = (body ?? {}) as { post?: unknown; content?: unknown }
      const post = fake.posts.find(
        (p) => p.documentId === input.post || p.slug === input.post || p.id === input.post,
      )
      if (typeof input.content !== 'string' || !input.content.trim()) {
        return send(res, 400, strapiError(400, 'BadRequestError', 'comment is empty'))
      }
      if (!post) return send(res, 404, strapiError(404, 'NotFoundError', 'post not found'))
      const comment: FakeComment = {
        id: ++nextId,
        documentId: `comment-${nextId}`,
        post: post.documentId,
        content: input.content,
        authorUsername: '09121234567',
        moderationStatus: fake.nextModerationStatus,
        createdAt: new Date().toISOString(),
      }
      fake.comments.push(comment)
      const { post: _post, ...data } = comment
      return send(res, 201, { data, meta: {} })
    }
    if (req.method === 'GET' && Object.hasOwn(fake.singles, url.pathname)) {
      return send(res, 200, { data: fake.singles[url.pathname], meta: {} })
    }
    if (req.method === 'GET' && Object.hasOwn(fake.entries, url.pathname)) {
      const slug = url.searchParams.get('filters[slug][$eq]')
      const items = (fake.entries[url.pathname] ?? []).filter((e) => !slug || e.slug === slug)
      return send(res, 200, paginate(items, url.searchParams))
    }
    return send(res, 404, strapiError(404, 'NotFoundError', 'Not Found'))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  fake.url = `http://127.0.0.1:${port}`
  return fake
}

/** A Strapi blocks body with one paragraph per text. */
export function paragraphs(...texts: string[]) {
  return texts.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }))
}
