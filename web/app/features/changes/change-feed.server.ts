import {
  CHANGES_STREAM_PATH,
  CMS_CHANGE_PATH,
  parseChangeEvent,
  type ChangeEvent,
} from '@arzpol/contracts/changes'
import { eventStreamReader, type ServerSentEvent } from '@arzpol/contracts/event-stream'
import { getEnv } from '~/utils/env.server.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * web's end of the change bus (ADR 033). web has no database, so it cannot LISTEN itself: each
 * web process holds one long-lived subscription to payments-service, `GET /internal/changes`
 * (Server-Sent Events, `Authorization: Bearer CMS_WEBHOOK_SECRET`), and hands every event to
 * `onEvent`. The stream opens with `resync` (whatever happened while this process was not
 * listening counts as changed) and carries a heartbeat every few seconds; a stream silent for
 * `silenceMs` is taken as dead (a proxy or a peer that vanished without closing it) and opened
 * again, as is one that ends or fails, after a backoff (`minBackoffMs` doubling up to
 * `maxBackoffMs`, with jitter) that starts over once a stream delivered something.
 */

export interface ChangeFeed {
  stop(): void
  /** A stream is open and has spoken. */
  readonly connected: boolean
}

export interface ChangeFeedOptions {
  /** payments-service's base URL (PAYMENTS_URL). */
  url: string
  secret: string
  onEvent: (event: ChangeEvent) => void
  silenceMs?: number
  minBackoffMs?: number
  maxBackoffMs?: number
}

/** What one feed keeps from its start to its `stop`, across the streams it opens. */
interface FeedState {
  options: ChangeFeedOptions
  silenceMs: number
  minBackoffMs: number
  maxBackoffMs: number
  endpoint: URL
  backoffMs: number
  stopped: boolean
  connected: boolean
  controller: AbortController | undefined
  retry: NodeJS.Timeout | undefined
  /** The last refusal reported, so a long outage is one log line, not one per attempt. */
  reported: string
}

export function startChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const silenceMs = options.silenceMs ?? 30_000
  const minBackoffMs = options.minBackoffMs ?? 250
  const maxBackoffMs = options.maxBackoffMs ?? 10_000
  const feed: FeedState = {
    options,
    silenceMs,
    minBackoffMs,
    maxBackoffMs,
    endpoint: new URL(CHANGES_STREAM_PATH, options.url),
    backoffMs: minBackoffMs,
    stopped: false,
    connected: false,
    controller: undefined,
    retry: undefined,
    reported: '',
  }
  void loop(feed)

  return {
    stop() {
      feed.stopped = true
      clearTimeout(feed.retry)
      feed.controller?.abort()
    },
    get connected() {
      return feed.connected
    },
  }
}

function report(feed: FeedState, problem: string, detail: Record<string, unknown> = {}) {
  if (problem === feed.reported) return
  feed.reported = problem
  getLogger().warn({ url: feed.endpoint.href, ...detail }, `change feed: ${problem}`)
}

/** Opens one stream and follows it until it ends, fails, falls silent or the feed stops. */
async function follow(feed: FeedState): Promise<void> {
  feed.controller = new AbortController()
  const { signal } = feed.controller
  let silence: NodeJS.Timeout | undefined
  const awake = () => {
    clearTimeout(silence)
    silence = setTimeout(() => feed.controller?.abort(new Error('silent')), feed.silenceMs)
    silence.unref()
  }
  try {
    awake()
    const response = await fetch(feed.endpoint, {
      headers: { Authorization: `Bearer ${feed.options.secret}`, Accept: 'text/event-stream' },
      signal,
    })
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel()
      report(
        feed,
        `refused (${response.status}); CMS_WEBHOOK_SECRET must match payments-service's`,
        { status: response.status },
      )
      return
    }
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const events = eventStreamReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      awake()
      deliver(feed, events.push(decoder.decode(value, { stream: true })))
    }
    report(feed, 'the stream ended')
  } catch (error) {
    if (!feed.stopped) report(feed, 'the stream failed', { reason: (error as Error).message })
  } finally {
    clearTimeout(silence)
    feed.connected = false
  }
}

/** Hands each change event among `messages` (a chunk's complete ones) to `onEvent`. */
function deliver(feed: FeedState, messages: ServerSentEvent[]) {
  for (const { data } of messages) {
    const event = parseChangeEvent(data)
    if (!event) continue
    if (!feed.connected) {
      feed.connected = true
      feed.backoffMs = feed.minBackoffMs
      if (feed.reported) {
        getLogger().info({ url: feed.endpoint.href }, 'change feed: following again')
      }
      feed.reported = ''
    }
    feed.options.onEvent(event)
  }
}

/** Follows stream after stream, with a backoff between them, until the feed stops. */
async function loop(feed: FeedState) {
  while (!feed.stopped) {
    await follow(feed)
    if (feed.stopped) break
    const delay = feed.backoffMs * (0.8 + Math.random() * 0.4)
    feed.backoffMs = Math.min(feed.backoffMs * 2, feed.maxBackoffMs)
    await new Promise<void>((resolve) => {
      feed.retry = setTimeout(resolve, delay)
      feed.retry.unref()
    })
  }
}

/**
 * Passes the cms's content-changed webhook on to payments-service, whose bus tells every web
 * process (this one included). Answers whether it was taken.
 */
export async function forwardCmsChange(options: {
  url: string
  secret: string
  model: string | null
}): Promise<boolean> {
  try {
    const response = await fetch(new URL(CMS_CHANGE_PATH, options.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: options.model }),
      signal: AbortSignal.timeout(3_000),
    })
    await response.body?.cancel()
    if (response.status === 204) return true
    getLogger().warn(
      { status: response.status },
      'cms change not passed on to payments-service; other web instances catch up by age',
    )
  } catch (error) {
    getLogger().warn(
      { reason: (error as Error).message },
      'cms change not passed on to payments-service; other web instances catch up by age',
    )
  }
  return false
}

type ChangeListener = (event: ChangeEvent) => void

interface ChangeHub {
  feed: ChangeFeed | undefined
  listeners: Map<string, ChangeListener>
}

const HUB = Symbol.for('arzpol.web.change-hub')
const hub = (): ChangeHub =>
  ((globalThis as { [HUB]?: ChangeHub })[HUB] ??= { feed: undefined, listeners: new Map() })

/**
 * Whether this process follows the bus: not without CMS_WEBHOOK_SECRET (payments-service would
 * refuse the feed), nor under web's own tests (APP_ENV=test), whose stand-in for payments-service
 * has no stream.
 */
export function changesHeard(): boolean {
  const env = getEnv()
  return Boolean(env.CMS_WEBHOOK_SECRET) && env.APP_ENV !== 'test'
}

/** Hands one change event to every listener of this process (what the feed does with each). */
export function hearChange(event: ChangeEvent): void {
  for (const listener of hub().listeners.values()) listener(event)
}

/**
 * Hears every change event of the bus as this process does: the content caches, and each live
 * stream a browser holds open. One feed per process, started by the first listener and shared by
 * all. A listener is kept under its key, so a module loaded again (development's hot reload)
 * replaces its own listener instead of adding a second. Answers the way to stop listening.
 */
export function listenToChanges(key: string, listener: ChangeListener): () => void {
  const changes = hub()
  changes.listeners.set(key, listener)
  if (!changes.feed && changesHeard()) {
    const env = getEnv()
    changes.feed = startChangeFeed({
      url: env.PAYMENTS_URL,
      secret: env.CMS_WEBHOOK_SECRET ?? '',
      onEvent: hearChange,
    })
  }
  return () => {
    if (changes.listeners.get(key) === listener) changes.listeners.delete(key)
  }
}
