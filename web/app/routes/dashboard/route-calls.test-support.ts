import {
  BASE,
  type CookieJar,
  getRequest,
  routeArgs,
  sameOriginPost,
  settle,
} from '../../../tests/utils.ts'

/**
 * A route module's loader or action called the way Remix calls it for a browser, for the route
 * tests of the dashboard and the back office: a page opened (`load`) or one of web's own forms
 * posted (`submit`: fields URL-encoded, a FormData with files as multipart, both with the Origin
 * web requires). What the function returned or threw comes back alike, as Remix treats both.
 * `params` are the route's URL params (`{ orderId: '7' }`); no `jar` is a browser without a session.
 */

type RouteFunction<T> = (args: ReturnType<typeof routeArgs>) => T | Promise<T>

export function load<T>(
  loader: RouteFunction<T>,
  path: string,
  jar?: CookieJar,
  params: Record<string, string> = {},
): Promise<T | Response> {
  return settle(() => loader(routeArgs(getRequest(path, jar), params)))
}

export function submit<T>(
  action: RouteFunction<T>,
  path: string,
  body: Record<string, string> | FormData,
  jar?: CookieJar,
  params: Record<string, string> = {},
): Promise<T | Response> {
  return settle(() => action(routeArgs(ownPagePost(path, body, jar), params)))
}

function ownPagePost(path: string, body: Record<string, string> | FormData, jar?: CookieJar) {
  if (!(body instanceof FormData)) return sameOriginPost(path, body, jar)
  return new Request(new URL(path, BASE), {
    method: 'POST',
    body,
    headers: { ...(jar ? { Cookie: jar.header() } : {}), Origin: BASE },
  })
}
