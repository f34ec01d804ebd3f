import { copyText, useFleetingMessage } from '~/components/copy-button.tsx'
import { useHydrated } from '~/components/hydration.ts'
import { LineIcon } from '~/components/ui/icon.tsx'

/**
 * Copies the page's address and tells the visitor it was copied. Needs JavaScript, so it
 * stays disabled until the page is hydrated (the address bar is the fallback).
 */

export const COPIED_MESSAGE = 'لینک مطلب کپی شد.'
export const COPY_FAILED_MESSAGE = 'کپی لینک ممکن نشد؛ نشانی صفحه را از نوار آدرس کپی کنید.'

export function ShareLinkButton() {
  const hydrated = useHydrated()
  const [message, show] = useFleetingMessage()

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={!hydrated}
        onClick={async () => {
          const url = `${window.location.origin}${window.location.pathname}`
          show((await copyText(url)) ? COPIED_MESSAGE : COPY_FAILED_MESSAGE)
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
