import { useEffect, useRef, useState } from 'react'
import { useHydrated } from './hydration.ts'

/**
 * A button that copies a text and says so. It needs JavaScript, so without it (or before the
 * page is hydrated) nothing is drawn at all: the text beside it stays selectable by hand.
 */

/** Puts a text on the clipboard; answers whether it got there. */
export async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value)
    return true
  } catch {
    // No Clipboard API (an insecure origin, an old browser, a denied permission).
    const field = document.createElement('textarea')
    field.value = value
    field.setAttribute('readonly', '')
    field.style.position = 'fixed'
    field.style.opacity = '0'
    document.body.append(field)
    field.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      field.remove()
    }
  }
}

export const COPY_TEXT = {
  copied: 'کپی شد.',
  failed: 'کپی ممکن نشد؛ متن را انتخاب و کپی کنید.',
} as const

/** A short message after a copy that clears itself after five seconds. */
export function useFleetingMessage(): [string | null, (text: string) => void] {
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const show = (text: string) => {
    setMessage(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setMessage(null), 5_000)
  }
  return [message, show]
}

export function CopyButton({
  value,
  label,
  testId,
}: {
  value: string
  label: string
  testId?: string
}) {
  const hydrated = useHydrated()
  const [message, show] = useFleetingMessage()
  if (!hydrated) return null
  return (
    <span className="inline-flex items-center gap-3" data-print-hidden>
      <button
        type="button"
        data-testid={testId}
        onClick={async () => show((await copyText(value)) ? COPY_TEXT.copied : COPY_TEXT.failed)}
        className="rounded-xl px-4 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50"
      >
        {label}
      </button>
      <span
        role="status"
        className={`text-sm font-medium ${message === COPY_TEXT.copied ? 'text-emerald-800' : 'text-red-800'}`}
      >
        {message}
      </span>
    </span>
  )
}
