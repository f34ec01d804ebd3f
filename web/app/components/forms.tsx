import { useNavigation } from '@remix-run/react'
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react'
import { useId } from 'react'

/** Form building blocks: labelled inputs wired to their errors for assistive technology. */

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="flex flex-col gap-1">
      {errors.map((error) => (
        <li key={error} className="text-sm text-red-700">
          {error}
        </li>
      ))}
    </ul>
  )
}

/** Errors about the whole form, announced when they appear. */
export function FormAlert({ errors }: { errors: string[] }) {
  return (
    <div role="alert" aria-atomic="true">
      {errors.length ? (
        <ul className="flex flex-col gap-1 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string
  label: string
  errors?: string[] | undefined
  hint?: ReactNode
}

const inputClass =
  'w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-xs outline-none transition placeholder:text-slate-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20'

export function Field({ label, errors, hint, id, className, ...input }: FieldProps) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const invalid = Boolean(errors?.length)
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs leading-6 text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  name: string
  label: ReactNode
  errors?: string[] | undefined
}

export function CheckboxField({ label, errors, id, ...input }: CheckboxProps) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const errorId = `${inputId}-error`
  const invalid = Boolean(errors?.length)
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="mt-1 size-5 shrink-0 accent-teal-700"
          {...input}
        />
        <label htmlFor={inputId} className="text-sm leading-7 text-slate-700">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Is a submission with this `intent` (the submit button's value) under way? */
export function useIsSubmitting(intent?: string): boolean {
  const navigation = useNavigation()
  if (navigation.state !== 'submitting') return false
  return intent === undefined || navigation.formData?.get('intent') === intent
}

type SubmitButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  intent: string
  variant?: 'primary' | 'secondary'
}

export function SubmitButton({
  intent,
  variant = 'primary',
  children,
  disabled,
  className,
  ...button
}: SubmitButtonProps) {
  const submitting = useIsSubmitting(intent)
  const anySubmitting = useIsSubmitting()
  const look =
    variant === 'primary'
      ? 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/50'
      : 'bg-white text-teal-800 ring-1 ring-teal-300 hover:bg-teal-50 disabled:text-slate-400 disabled:ring-slate-200 disabled:hover:bg-white'
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled || anySubmitting}
      aria-busy={submitting || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold transition disabled:cursor-not-allowed ${look} ${className ?? ''}`}
      {...button}
    >
      {submitting ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
        />
      ) : null}
      {children}
    </button>
  )
}
