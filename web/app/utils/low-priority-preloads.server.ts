import { Transform } from 'node:stream'

const PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"')

/**
 * Remix preloads every module a page hydrates with at the browser's high priority, the same as
 * the stylesheets and the font the first paint waits for. On a slow mobile connection the
 * scripts then share the line with what the customer needs to see first. Marked low, they load
 * behind the page's look and text; the page works as HTML until they arrive (ADR 044). Remix's
 * `<Scripts />` takes no attributes for its preloads, so they are marked as the document streams
 * out. A preload cut between two chunks is held back until the next one completes it.
 */
export function lowPriorityModulePreloads(): Transform {
  let held: Buffer = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const buffer = held.length ? Buffer.concat([held, chunk]) : chunk
      const parts: Buffer[] = []
      let from = 0
      for (let at = buffer.indexOf(PRELOAD); at !== -1; at = buffer.indexOf(PRELOAD, from)) {
        parts.push(buffer.subarray(from, at), LOW_PRIORITY_PRELOAD)
        from = at + PRELOAD.length
      }
      const keep = from + unfinishedPreloadAt(buffer.subarray(from))
      parts.push(buffer.subarray(from, keep))
      held = buffer.subarray(keep)
      callback(null, Buffer.concat(parts))
    },
    flush(callback) {
      callback(null, held)
    },
  })
}

/** Where the end of `bytes` starts a preload's tag that the next chunk may finish, or its length. */
function unfinishedPreloadAt(bytes: Buffer): number {
  const start = Math.max(0, bytes.length - (PRELOAD.length - 1))
  for (let at = start; at < bytes.length; at += 1) {
    const tail = bytes.subarray(at)
    if (PRELOAD.subarray(0, tail.length).equals(tail)) return at
  }
  return bytes.length
}
