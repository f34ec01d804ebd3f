import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { LineIcon } from '~/components/ui/icon.tsx'

/**
 * Copies the page's address and tells the visitor it was copied. Needs JavaScript, so it
 * stays disabled until the page is hydrated (the address bar is the fallback).
 */

export const COPIED_MESSAGE = 'لینک مطلب کپی شد.'
export const COPY_FAILED_MESSAGE = 'کپی لینک ممکن نشد؛ نشانی صفحه را از نوار آدرس کپی کنید.'

const noop = () => () => undefined

async function copyText(value: string): Promise<boolean> {
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

export function ShareLinkButton() {
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={!hydrated}
        onClick={async () => {
          const url = `${window.location.origin}${window.location.pathname}`
          setMessage((await copyText(url)) ? COPIED_MESSAGE : COPY_FAILED_MESSAGE)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setMessage(null), 5_000)
        }}
        className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:ring-slate-200"
      >
        <LineIcon
          d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
          className="size-4"
        />
        کپی لینک مطلب
      </button>
      <p
        role="status"
        className={`text-sm font-medium ${message === COPIED_MESSAGE ? 'text-emerald-800' : 'text-red-800'}`}
      >
        {message}
      </p>
    </div>
  )
}
