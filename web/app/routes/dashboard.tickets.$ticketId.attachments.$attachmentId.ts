import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/utils/auth.server.ts'
import { fetchAttachment, ticketIdFrom } from './dashboard.tickets/tickets.server.ts'

/**
 * GET /dashboard/tickets/:ticketId/attachments/:attachmentId: a ticket file, fetched from
 * payments-service with the customer's token (the browser has none) and streamed on. Always a
 * download with the type payments-service detected, never something the browser would run.
 */

const SAFE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
])

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ticketId = ticketIdFrom(params.ticketId)
  const attachmentId = ticketIdFrom(params.attachmentId)
  if (ticketId === null || attachmentId === null) return plain(404, 'فایل یافت نشد')
  const { tokens, headers: sessionHeaders } = await requireUser(request)
  const upstream = await fetchAttachment(request, tokens.access, attachmentId)
  if (!upstream) return plain(503, 'سرویس پرداخت در دسترس نیست')
  if (upstream.status === 404) return plain(404, 'فایل یافت نشد')
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel()
    return plain(502, 'دریافت فایل ممکن نشد')
  }
  const type = (upstream.headers.get('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  const headers = new Headers(sessionHeaders)
  headers.set('Content-Type', SAFE_TYPES.has(type) ? type : 'application/octet-stream')
  headers.set(
    'Content-Disposition',
    upstream.headers.get('Content-Disposition')?.startsWith('attachment')
      ? (upstream.headers.get('Content-Disposition') ?? 'attachment')
      : 'attachment',
  )
  const length = upstream.headers.get('Content-Length')
  if (length) headers.set('Content-Length', length)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox")
  headers.set('Cache-Control', 'private, no-store')
  return new Response(upstream.body, { status: 200, headers })
}
