import {
  CHANGES_STREAM_PATH,
  CMS_CHANGE_PATH,
  CmsChangeNotice,
  type ChangeEvent,
} from '@arzpol/contracts/changes'
import { formatServerSentEvent, HEARTBEAT } from '@arzpol/contracts/event-stream'
import type { Knex } from 'knex'
import type { AppContext } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { requireBearer } from '../http/internal-auth.ts'
import type { Api } from '../http/route.ts'
import { parseInput } from '../http/validation.ts'
import { ChangeNotice } from '../models/change-notice.ts'
import type { ChangeBus } from './bus.ts'

const STOPPING = 'سرویس در حال خاموش شدن است'

/** How soon a browser-style client should reconnect after the stream ends (the `retry` field). */
const RETRY_MS = 1_000

/**
 * The change bus's two internal calls (ADR 033), for web's servers only: not behind the public
 * edge (the ingress sends only /api to this service, and web proxies only /api), not in the
 * OpenAPI document, and both behind `Authorization: Bearer CMS_WEBHOOK_SECRET`, the secret web
 * and the cms already share. Without that secret neither exists (404).
 *
 * - `POST /internal/changes/cms` `{ model }`: web forwards the cms's content-changed webhook
 *   here; every pod's bus carries it on, and through the stream below every web pod hears it.
 * - `GET /internal/changes`: a Server-Sent-Events stream of this pod's bus. It opens with
 *   `resync` (whoever connects may have missed anything before), then one event per change,
 *   and a heartbeat comment every `heartbeatSeconds` so a subscriber can tell a dead stream
 *   from a quiet one. It ends when the pod stops (the subscriber reconnects, elsewhere).
 */
export function registerChangeRoutes(
  api: Api,
  deps: { bus: ChangeBus; db: Knex; secret: string | undefined; heartbeatSeconds: number },
): void {
  const { secret } = deps
  if (!secret) return
  const authorize = (ctx: AppContext) => requireBearer(ctx, secret, 'changes')
  api.router.post(CMS_CHANGE_PATH, async (ctx) => {
    authorize(ctx)
    const notice = parseInput(CmsChangeNotice, ctx.request.body ?? {})
    await ChangeNotice.publish(deps.db, { type: 'cms', model: notice.model })
    ctx.status = 204
  })

  api.router.get(CHANGES_STREAM_PATH, (ctx) => {
    authorize(ctx)
    // A stopping pod sends the subscriber elsewhere.
    if (!deps.bus.running) throw new ApiError(503, STOPPING, 'shutting_down')
    // Written straight to the socket, not through Koa's body: a subscriber that goes away is
    // how every stream ends, not an error to report.
    ctx.respond = false
    ctx.status = 200
    const res = ctx.res
    res.on('error', () => undefined)
    const write = (text: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(text)
    }
    const send = (event: ChangeEvent) =>
      write(formatServerSentEvent(event.type, JSON.stringify(event)))
    const heartbeat = setInterval(() => write(HEARTBEAT), deps.heartbeatSeconds * 1000)
    heartbeat.unref()
    let unsubscribe = () => {}
    const end = () => {
      clearInterval(heartbeat)
      unsubscribe()
      if (!res.writableEnded) res.end()
    }
    unsubscribe = deps.bus.subscribe(send, end)
    res.once('close', end)
    // A stream that lives for hours: no socket timeout, each event sent as it is written.
    ctx.req.socket.setTimeout(0)
    ctx.req.socket.setNoDelay(true)
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies in between must pass each event on at once rather than buffer the response.
      'X-Accel-Buffering': 'no',
    })
    write(`retry: ${RETRY_MS}\n\n`)
    send({ type: 'resync' })
  })
}
