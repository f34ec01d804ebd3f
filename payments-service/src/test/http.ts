import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'

export interface TestResponse<T> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface RequestOptions {
  body?: unknown
  /** Sent as-is, for malformed or oversized bodies. */
  rawBody?: string
  token?: string
  headers?: Record<string, string>
}

export interface TestClient {
  url: string
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>
  get<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<TestResponse<T>>
  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>
  close(): Promise<void>
}

/** Serves a Koa app on a random local port and talks to it with fetch, like web does. */
export async function startTestServer(app: {
  callback(): http.RequestListener
}): Promise<TestClient> {
  const server = http.createServer(app.callback())
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function request<T>(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    let body: string | undefined = options.rawBody
    if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined) headers['Content-Type'] ??= 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const response = await fetch(`${url}${path}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = undefined
    if (text && (response.headers.get('content-type') ?? '').includes('json'))
      parsed = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: parsed as T, text }
  }

  return {
    url,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A 429 that tells the client when to come back, in its body and in `Retry-After` alike. */
export function expectTooManyRequests(
  response: TestResponse<unknown>,
  body: { detail: string; code: string; retry_after: number },
) {
  expect(response.status).toBe(429)
  expect(response.body).toEqual(body)
  expect(response.headers.get('retry-after')).toBe(String(body.retry_after))
}
