import { formatNumberFa } from '@arzpol/contracts'
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react'
import { useHydrated } from './hydration.ts'

/**
 * A file input that speaks Persian. The browser's own control says "Choose File / No file
 * chosen" in the browser's language, whatever the page's. The real input stays in the form (a
 * plain post sends it, assistive technology reads its label); once JavaScript runs it is hidden
 * behind a Persian button, the chosen file's name and size, and a preview of an image. Without
 * JavaScript the browser's control stays, styled as a button.
 */

export const FILE_PICKER_TEXT = {
  choose: 'انتخاب فایل',
  change: 'تغییر فایل',
  none: 'فایلی انتخاب نشده است.',
  preview: 'پیش‌نمایش فایل انتخاب‌شده',
} as const

const nativeClass =
  'text-sm file:me-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-4 file:py-2 file:font-semibold file:text-teal-800'

export function fileSizeFa(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${formatNumberFa(Math.round((bytes / 1024 / 1024) * 10) / 10)} مگابایت`
  }
  return `${formatNumberFa(Math.max(1, Math.round(bytes / 1024)))} کیلوبایت`
}

type Picked = { name: string; size: number; previewUrl: string | null }

export function FilePicker(input: InputHTMLAttributes<HTMLInputElement>) {
  const hydrated = useHydrated()
  const ref = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked | null>(null)

  // A form reset (after a successful upload) empties the input without a change event.
  useEffect(() => {
    const form = ref.current?.form
    if (!form) return
    const clear = () => setPicked(null)
    form.addEventListener('reset', clear)
    return () => form.removeEventListener('reset', clear)
  }, [hydrated])

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    const url = picked?.previewUrl
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [picked])

  if (!hydrated) {
    return <input ref={ref} id={input.id} className={nativeClass} {...input} type="file" />
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={ref}
          {...input}
          type="file"
          className="peer sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            setPicked(
              file
                ? {
                    name: file.name,
                    size: file.size,
                    previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
                  }
                : null,
            )
            input.onChange?.(event)
          }}
        />
        <button
          type="button"
          disabled={input.disabled}
          onClick={() => ref.current?.click()}
          className="rounded-lg bg-teal-50 px-4 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 hover:bg-teal-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {picked ? FILE_PICKER_TEXT.change : FILE_PICKER_TEXT.choose}
        </button>
        <span className="text-sm text-slate-600" data-testid="file-picker-name" aria-live="polite">
          {picked ? (
            <>
              <bdi>{picked.name}</bdi> ({fileSizeFa(picked.size)})
            </>
          ) : (
            FILE_PICKER_TEXT.none
          )}
        </span>
      </div>
      {picked?.previewUrl ? (
        <img
          src={picked.previewUrl}
          alt={FILE_PICKER_TEXT.preview}
          className="max-h-40 w-fit rounded-lg border border-slate-200 object-contain"
        />
      ) : null}
    </div>
  )
}
