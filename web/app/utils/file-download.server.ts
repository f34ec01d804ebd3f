/**
 * Files kept by payments-service (ticket attachments, order documents) reach the browser through
 * web, which holds the token. They always leave as downloads the browser will not run or sniff.
 */

/** Types a browser may be told as they are; anything else leaves as application/octet-stream. */
const SAFE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
])

export const DOWNLOAD_MESSAGES = {
  notFound: 'فایل یافت نشد',
  unavailable: 'سرویس پرداخت در دسترس نیست',
  failed: 'دریافت فایل ممکن نشد',
} as const

export function plainText(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** Types an `<img>` of ours may show in the page: photos only (no SVG, which can carry script). */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

function dispositionOf(upstream: Response, inline: boolean, filename: string | undefined) {
  if (inline) return 'inline'
  if (filename !== undefined) return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`
  const given = upstream.headers.get('Content-Disposition') ?? ''
  return given.startsWith('attachment') ? given : 'attachment'
}

/**
 * Streams payments-service's answer on as a download. `upstream` is null when payments-service
 * could not be reached. `filename`, when given, names the file instead of payments-service's
 * Content-Disposition. `inline` lets a photo be shown by one of our pages (an `<img>` of the same
 * origin); anything else still leaves as a download.
 */
export async function streamDownload(
  upstream: Response | null,
  sessionHeaders: Headers,
  options: { filename?: string; inline?: boolean } = {},
): Promise<Response> {
  if (!upstream) return plainText(503, DOWNLOAD_MESSAGES.unavailable)
  if (upstream.status === 404) {
    await upstream.body?.cancel()
    return plainText(404, DOWNLOAD_MESSAGES.notFound)
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel()
    return plainText(502, DOWNLOAD_MESSAGES.failed)
  }
  const type = (upstream.headers.get('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  const headers = new Headers(sessionHeaders)
  headers.set('Content-Type', SAFE_TYPES.has(type) ? type : 'application/octet-stream')
  const inline = options.inline === true && INLINE_TYPES.has(type)
  headers.set('Content-Disposition', dispositionOf(upstream, inline, options.filename))
  const length = upstream.headers.get('Content-Length')
  if (length) headers.set('Content-Length', length)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox")
  headers.set('Cache-Control', 'private, no-store')
  if (inline) headers.set('Cross-Origin-Resource-Policy', 'same-origin')
  return new Response(upstream.body, { status: 200, headers })
}
