/**
 * The text/event-stream format (Server-Sent Events, as the HTML standard defines it) in the two
 * directions the change bus needs it (ADR 033): payments-service writes events and heartbeats,
 * web reads them, and web writes live updates for browsers (ADR 043). Only what we send is read:
 * `event`, `data` (one line each) and comments; the `id` of a browser's event is for the browser.
 */

/**
 * One event as written on the stream; with an `id`, the browser sends it back as
 * `Last-Event-ID` when it reconnects (ids carry no newline: a number or a short token).
 */
export const formatServerSentEvent = (event: string, data: string, id?: string): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`

/** A comment line: ignored by readers, but it shows the stream is alive. */
export const HEARTBEAT = ': heartbeat\n\n'

export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * Splits a stream's text into events as chunks arrive (a chunk may end anywhere, even inside a
 * line). `push` answers the events the chunk completed; comments and unknown fields are skipped.
 */
export function eventStreamReader() {
  let buffer = ''
  let event = 'message'
  let data: string[] = []
  return {
    push(chunk: string): ServerSentEvent[] {
      buffer += chunk
      const done: ServerSentEvent[] = []
      let end: number
      // Lines end with \n (what we write), a \r before it is dropped.
      while ((end = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, end).replace(/\r$/, '')
        buffer = buffer.slice(end + 1)
        if (line === '') {
          // As browsers do: an event without data is not dispatched.
          const text = data.join('\n')
          if (text !== '') done.push({ event, data: text })
          event = 'message'
          data = []
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      return done
    },
  }
}
