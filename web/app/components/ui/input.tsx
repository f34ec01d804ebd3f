import type { InputHTMLAttributes } from 'react'
import { useId } from 'react'
import { cx } from './cx.ts'

/**
 * A text input with its visible label, an optional hint and its error, all wired for assistive
 * technology (`aria-describedby`, `aria-invalid`). Latin-only values (phone, email, card, Sheba)
 * pass `dir="ltr"` so they read left to right inside the right-to-left page.
 */
export function Input({
  label,
  hint,
  error,
  id,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  name: string
  label: string
  hint?: string
  error?: string | null
}) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="min-h-12 w-full rounded-xl border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 outline-none placeholder:text-slate-500 focus:border-teal-700 focus:ring-3 focus:ring-teal-600/25 aria-invalid:border-red-600"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
