import { useSyncExternalStore } from 'react'

const noSubscription = () => () => undefined

/**
 * False in the server render and the first client render, true once React runs the page: what
 * needs JavaScript (copying, a live preview) draws itself only then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
