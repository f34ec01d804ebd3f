import { HEARTBEAT, formatServerSentEvent } from '@arzpol/contracts/event-stream'
import { getEnv } from '~/utils/env.server.ts'

/**
 * A live update stream to one browser (Server-Sent Events, ADR 043). Each web process holds at
 * most LIVE_STREAMS_MAX of them: past that a browser is answered 503 and asks every 7 seconds
 * instead; while the process stops, it is told to come back in a moment. A comment every
 * HEARTBEAT_MS keeps proxies from taking a quiet stream for a dead one. The stream ends when the
 * browser goes, when its `watch` says so, or when the process stops (`endLiveStreams`): the
 * browser then opens another, on any process, carrying the id of the last event it got
 * (`Last-Event-ID`).
 */

export const HEARTBEAT_MS = 15_000
/** How long a browser waits before it opens the stream again after it ended. */
const RECONNECT_MS = 2_000

export interface LiveStream {
  /** One event; `id` is what the browser sends back as `Last-Event-ID` when it reconnects. */
  send(event: string, data: unknown, id?: string): void
  end(): void
  readonly ended: boolean
}

/** What a stream does once open; answers what to undo when it ends. */
export type Watch = (stream: LiveStream) => () => void

interface Registry {
  open: Set<LiveStream>
  stopping: boolean
}

const REGISTRY = Symbol.for('arzpol.web.live-streams')
const registry = (): Registry =>
  ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= { open: new Set(), stopping: false })

/** How many live streams this process holds open. */
export const openLiveStreams = (): number => registry().open.size

/** Ends every live stream (the process stops): browsers reconnect to another process. */
export function endLiveStreams(): void {
  const streams = registry()
  streams.stopping = true
  for (const stream of [...streams.open]) stream.end()
}

/** The id a reconnecting browser last got, or what the page says it already shows. */
export function lastEventId(request: Request, fallback: string | null): string | null {
  return request.headers.get('Last-Event-ID') ?? fallback
}

/** A 503 the browser's fallback understands: no stream here, ask again later. */
export function refusedStream(): Response {
  return new Response('به‌روزرسانی زنده در دسترس نیست.', {
    status: 503,
    headers: { 'Retry-After': '30', 'Cache-Control': 'no-store' },
  })
}

/**
 * While the process stops: an empty stream that asks the browser to reconnect in a moment, by
 * then to another process (a refusal would make it give up on live updates for a minute).
 */
function comeBackSoon(): Response {
  return new Response(`retry: ${RECONNECT_MS}\n\n`, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** Opens a stream for `request` and runs `watch` on it, or answers 503 when none may open. */
export function liveStreamResponse(request: Request, watch: Watch, headers?: Headers): Response {
  const streams = registry()
  if (streams.stopping) return comeBackSoon()
  if (streams.open.size >= getEnv().LIVE_STREAMS_MAX || request.signal.aborted) {
    return refusedStream()
  }
  const encoder = new TextEncoder()
  let undo: (() => void) | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let stream: LiveStream
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!stream.ended) controller.enqueue(encoder.encode(text))
      }
      let ended = false
      stream = {
        send: (event, data, id) => write(formatServerSentEvent(event, JSON.stringify(data), id)),
        end() {
          if (ended) return
          ended = true
          streams.open.delete(stream)
          clearInterval(heartbeat)
          request.signal.removeEventListener('abort', stream.end)
          undo?.()
          try {
            controller.close()
          } catch {
            // The browser already cancelled the body: nothing left to close.
          }
        },
        get ended() {
          return ended
        },
      }
      streams.open.add(stream)
      write(`retry: ${RECONNECT_MS}\n\n`)
      heartbeat = setInterval(() => write(HEARTBEAT), HEARTBEAT_MS)
      request.signal.addEventListener('abort', stream.end)
      undo = watch(stream)
      // A watch that ended the stream at once undoes itself now: `end` ran before it answered.
      if (stream.ended) undo()
    },
    cancel() {
      stream.end()
    },
  })
  const answer = new Headers(headers)
  answer.set('Content-Type', 'text/event-stream; charset=utf-8')
  answer.set('Cache-Control', 'no-store')
  // nginx (and ingress-nginx) would hold events back in its buffer.
  answer.set('X-Accel-Buffering', 'no')
  return new Response(body, { status: 200, headers: answer })
}
