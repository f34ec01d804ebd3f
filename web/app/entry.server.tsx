import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { EntryContext, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { getEnv } from './utils/env.server.ts'
import { isPreviewPath } from './features/content/preview.ts'
import { NonceProvider } from './utils/nonce.ts'
import { baseSecurityHeaders, documentCsp } from './utils/security-headers.server.ts'
import { stripTrailingNulBytes } from './utils/strip-nul.server.ts'
import { lowPriorityModulePreloads } from './utils/low-priority-preloads.server.ts'
import { getLogger } from './utils/logger.server.ts'

// Fail fast: a bad environment stops the server when the build is imported, not on the first
// request.
getEnv()

/** How long single-fetch promises may stay pending before the render is aborted. */
export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Crawlers and spa-less clients get the whole document at once; browsers get the shell early.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const nonce = randomBytes(16).toString('base64')
  setSecurityHeaders(responseHeaders, nonce, request)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          const stripNul = stripTrailingNulBytes()
          stripNul.pipe(lowPriorityModulePreloads()).pipe(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(stripNul)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged here; errors before it reach onShellError.
          if (shellRendered) getLogger().error({ err: error }, 'render failed after the shell')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}

function setSecurityHeaders(headers: Headers, nonce: string, request: Request) {
  const env = getEnv()
  const framedByCms = isPreviewPath(new URL(request.url).pathname)
  for (const [name, value] of Object.entries(baseSecurityHeaders(env))) headers.set(name, value)
  // The preview page's framing is governed by its policy's frame-ancestors alone.
  if (framedByCms) headers.delete('X-Frame-Options')
  // Vite's dev server injects inline scripts of its own (HMR, React refresh) without a nonce;
  // the policy applies to the built app, which the end-to-end tests run.
  if (process.env.NODE_ENV === 'production') {
    headers.set('Content-Security-Policy', documentCsp(nonce, env, { framedByCms }))
  }
}

/** Loader, action and render errors go to the one logger (Remix's default writes to the console). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A browser that went away mid-request is no error of ours.
  if (request.signal.aborted) return
  getLogger().error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    'request failed',
  )
}
