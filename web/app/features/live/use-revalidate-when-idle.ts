import { useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'

/**
 * Loads the page's data again when a live event says it changed, but never in the middle of a
 * navigation or a form's submission: Remix would cancel that navigation's loads and start them
 * again, and the cancelled load may already have taken the one-time flash message the customer
 * was to see («مدرک بارگذاری شد.»). A change heard meanwhile is loaded once the page is idle.
 */
export function useRevalidateWhenIdle(): () => void {
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const idle = navigation.state === 'idle'
  const pending = useRef(false)
  // Read when the event comes, which may be after a later render (a timer's callback).
  const now = useRef({ idle, revalidator })
  now.current = { idle, revalidator }

  useEffect(() => {
    if (idle && pending.current) {
      pending.current = false
      revalidator.revalidate()
    }
  }, [idle, revalidator])

  return useCallback(() => {
    if (now.current.idle) now.current.revalidator.revalidate()
    else pending.current = true
  }, [])
}
