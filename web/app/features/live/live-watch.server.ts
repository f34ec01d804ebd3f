import type { ChangeEvent } from '@arzpol/contracts/changes'
import { changesHeard, listenToChanges } from '~/features/changes/change-feed.server.ts'
import { liveStreamResponse, refusedStream, type LiveStream } from './live-stream.server.ts'

let watchers = 0

/**
 * A live stream that follows the change bus (ADR 043): 503 where this process hears no bus (a
 * stream that would never move), else `catchUp(stream)` runs now and after each change, as
 * `watchChanges` says.
 */
export function watchedStreamResponse(
  request: Request,
  concerns: (event: ChangeEvent) => boolean,
  catchUp: (stream: LiveStream) => Promise<void>,
  headers?: Headers,
): Response {
  if (!changesHeard()) return refusedStream()
  return liveStreamResponse(
    request,
    (stream) => watchChanges(stream, concerns, () => catchUp(stream)),
    headers,
  )
}

/**
 * Runs `catchUp` on the stream now (whatever changed before the stream opened) and again after
 * each change event `concerns` (and each `resync`: the bus may have lost events), one run at a
 * time: a change heard during a run starts one more run after it, never a second run beside
 * it, so two runs never send the same thing twice. `catchUp` ends the stream when the reader's
 * right to it is gone. Answers what undoes the watch.
 */
function watchChanges(
  stream: LiveStream,
  concerns: (event: ChangeEvent) => boolean,
  catchUp: () => Promise<void>,
): () => void {
  let running = false
  let again = false
  const run = async () => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        await catchUp()
      } while (again && !stream.ended)
    } catch {
      // payments-service failed: the browser reconnects and the new stream catches up.
      stream.end()
    } finally {
      running = false
    }
  }
  void run()
  watchers += 1
  return listenToChanges(`live-${watchers}`, (event) => {
    if (event.type === 'resync' || concerns(event)) void run()
  })
}
