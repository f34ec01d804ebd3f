import { useEffect, useRef } from 'react'

/** How often a page asks for news when no live stream could open (the specification's poll). */
export const FALLBACK_POLL_MS = 7_000
/** How long a page that fell back to asking waits before it tries a stream again. */
const RETRY_STREAM_MS = 60_000

export type LiveHandlers = Record<string, (data: unknown) => void>

/**
 * Follows a page's live stream (ADR 043) while the page is open: each event is handed to the
 * handler of its name. `path` names the stream; `query` is asked each time a stream opens, so it
 * says what the page shows by then. A dropped connection is the browser's to resume (it sends the
 * last event id). When no stream can open at all (a browser without EventSource, a server full or
 * stopping, a proxy that refuses it), `poll` runs every 7 seconds instead (not while the tab is
 * hidden) and a stream is tried again after a minute.
 */
export function useLiveUpdates(
  path: string,
  query: () => URLSearchParams,
  handlers: LiveHandlers,
  poll?: () => void,
) {
  const latest = useRef({ query, handlers, poll })
  latest.current = { query, handlers, poll }

  useEffect(() => {
    let source: EventSource | undefined
    let polling: number | undefined
    let retry: number | undefined
    let stopped = false

    const startPolling = () => {
      if (polling !== undefined || !latest.current.poll) return
      polling = window.setInterval(() => {
        if (!document.hidden) latest.current.poll?.()
      }, FALLBACK_POLL_MS)
    }
    const stopPolling = () => {
      window.clearInterval(polling)
      polling = undefined
    }
    const open = () => {
      if (stopped) return
      if (typeof EventSource === 'undefined') return startPolling()
      source = new EventSource(`${path}?${latest.current.query()}`)
      for (const name of Object.keys(latest.current.handlers)) {
        source.addEventListener(name, (event) => {
          latest.current.handlers[name]?.(JSON.parse((event as MessageEvent<string>).data))
        })
      }
      source.addEventListener('open', stopPolling)
      source.addEventListener('error', () => {
        // CONNECTING: the browser resumes by itself. CLOSED: it gave up on this stream.
        if (source?.readyState !== EventSource.CLOSED) return
        source.close()
        startPolling()
        retry = window.setTimeout(open, RETRY_STREAM_MS)
      })
    }
    open()
    return () => {
      stopped = true
      source?.close()
      stopPolling()
      window.clearTimeout(retry)
    }
  }, [path])
}
