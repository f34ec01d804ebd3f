import { expect } from 'vitest'
import { commitSession, flashCookie } from '~/features/auth/session.server.ts'
import { fakeJwt } from './fake-payments.ts'

/** Small helpers for calling loaders and actions as plain functions. */

export const BASE = 'http://127.0.0.1:3000'

/** A browser's cookie store, just enough for Set-Cookie → Cookie round trips. */
export class CookieJar {
  private cookies = new Map<string, string>()

  apply(response: Response | Headers): this {
    const headers = response instanceof Response ? response.headers : response
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return this
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value)
    return this
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export function getRequest(path: string, jar?: CookieJar, headers: Record<string, string> = {}) {
  return new Request(new URL(path, BASE), {
    headers: { ...(jar ? { Cookie: jar.header() } : {}), ...headers },
  })
}

/** A submitted form's fields, as an action reads them. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  jar?: CookieJar,
  headers: Record<string, string> = {},
) {
  return new Request(new URL(path, BASE), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(jar ? { Cookie: jar.header() } : {}),
      ...headers,
    },
  })
}

/** A form post from web's own pages: the Origin web's server requires of every post (ADR 016). */
export function sameOriginPost(path: string, fields: Record<string, string>, jar?: CookieJar) {
  return formRequest(path, fields, jar, { Origin: BASE })
}

/** Runs a loader or action and returns what it returned or threw (Remix treats both alike). */
export async function settle<T>(fn: () => T | Promise<T>): Promise<T | Response> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

/** Remix's `data()` result: the value and init of a loader/action answer. */
export interface DataResult<T> {
  data: T
  init: ResponseInit | null
}

export function isDataResult<T>(value: unknown): value is DataResult<T> {
  return typeof value === 'object' && value !== null && 'data' in value && 'init' in value
}

/** Fails the test unless a loader or action answered with `data()`; that answer, typed. */
export function expectData<T>(result: unknown): DataResult<T> {
  expect(isDataResult(result)).toBe(true)
  return result as DataResult<T>
}

/** The one-shot message a redirect leaves for the next page, as that page reads it. */
export function flashMessage(response: unknown): string | undefined {
  expect(response).toBeInstanceOf(Response)
  const next = new CookieJar().apply(response as Response)
  return flashCookie.read(getRequest('/', next))?.message
}

/**
 * A browser holding a session whose access token (unsigned, see fakeJwt) is good for ten more
 * minutes, with these claims: `{ sub: '1' }` a customer, `{ sub: '1', role: 'admin' }` staff
 * (whose session passed the second factor unless `second_factor: false` says otherwise).
 */
export function signedInJar(claims: Record<string, unknown>): CookieJar {
  const staff = claims.role === 'support' || claims.role === 'admin'
  const access = fakeJwt({
    second_factor: staff,
    ...claims,
    exp: Math.floor(Date.now() / 1000) + 600,
  })
  return new CookieJar().apply(
    new Headers({ 'Set-Cookie': commitSession({ access, refresh: 'refresh-1' }) }),
  )
}

/** The arguments Remix hands a loader or an action, for calling one as a plain function. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} }
}
