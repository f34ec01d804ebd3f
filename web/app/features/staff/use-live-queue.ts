import { useEffect, useRef } from 'react'
import { useLiveUpdates } from '~/features/live/use-live-updates.ts'
import { useRevalidateWhenIdle } from '~/features/live/use-revalidate-when-idle.ts'

/** Changes heard within this window load the list once (a busy hour sends many). */
const GATHER_MS = 500

/**
 * A staff queue that moves by itself (ADR 043): when any order (or ticket) changes, the list is
 * loaded again with the page's own filters and page. `loadedAt` is when the list was read, so a
 * change heard in between is not missed.
 */
export function useLiveQueue(queue: 'order' | 'ticket', loadedAt: number) {
  const revalidate = useRevalidateWhenIdle()
  const gathering = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(gathering.current), [])
  useLiveUpdates('/staff/live', () => new URLSearchParams({ queue, since: String(loadedAt) }), {
    changed: () => {
      if (gathering.current !== undefined) return
      gathering.current = window.setTimeout(() => {
        gathering.current = undefined
        revalidate()
      }, GATHER_MS)
    },
  })
}
