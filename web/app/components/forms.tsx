import { Form, useNavigation, type FormProps } from '@remix-run/react'
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { forwardRef, useEffect, useId, useRef } from 'react'
import type { FormErrors } from '~/utils/form-errors.ts'
import { FilePicker } from './file-picker.tsx'
import type { useValidatedForm } from '~/utils/use-validated-form.ts'

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

/**
 * The errors about a whole form, announced as they arrive. They change only when the form is
 * sent (never while typing), so a refusal takes focus, and one the customer cannot see (on a
 * phone the form's top is far above the button they tapped) is scrolled to: nothing ever seems
 * to happen after a tap.
 */
export function FormAlert({ errors }: { errors: string[] }) {
  const list = useRef<HTMLUListElement>(null)
  const shown = errors.join('\n')
  useEffect(() => {
    const element = list.current
    if (!shown || !element) return
    // A field the check found wrong already has focus, with its error beside it: leave it there.
    if (document.activeElement?.getAttribute('aria-invalid') === 'true') return
    element.focus({ preventScroll: true })
    const box = element.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'center' })
  }, [shown])
  return (
    <div role="alert" aria-atomic="true">
      {errors.length ? (
        <ul
          ref={list}
          tabIndex={-1}
          data-testid="form-alert"
          className="flex flex-col gap-1 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-red-400"
        >
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/**
 * A plain POST (it works without JavaScript) that the browser checks first with the action's own
 * schema (`useValidatedForm`'s handlers); the errors about the whole form are announced on top,
 * unless `ownAlert` says the form places its `FormAlert` itself (beside its submit button).
 */
export const CheckedForm = forwardRef<
  HTMLFormElement,
  Omit<FormProps, 'method' | 'onSubmit' | 'onChange'> & {
    check: ReturnType<typeof useValidatedForm>
    ownAlert?: boolean
  }
>(function CheckedForm({ check, children, ownAlert = false, ...form }, ref) {
  return (
    <Form
      ref={ref}
      method="post"
      noValidate
      onSubmit={check.onSubmit}
      onChange={check.onChange}
      {...form}
    >
      {ownAlert ? null : <FormAlert errors={check.errors.form} />}
      {children}
    </Form>
  )
})

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string
  label: string
  errors?: string[] | undefined
  hint?: ReactNode
}

const inputClass =
  'w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-xs outline-none transition placeholder:text-slate-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 disabled:bg-slate-100 disabled:text-slate-500'

/** A control's id, and the attributes that point assistive technology at its hint and errors. */
function useControl(id: string | undefined, hint: ReactNode, errors: string[] | undefined) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const invalid = Boolean(errors?.length)
  const describedBy = [hint ? `${inputId}-hint` : null, invalid ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ')
  return {
    id: inputId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  }
}

/** A control under its label, with its hint and its errors below. */
function Labelled({
  control,
  label,
  hint,
  errors,
  className,
  children,
}: {
  control: { id: string }
  label: ReactNode
  hint?: ReactNode
  errors?: string[] | undefined
  className?: string | undefined
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={control.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${control.id}-hint`} className="text-xs leading-6 text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${control.id}-error`} errors={errors} />
    </div>
  )
}

/**
 * Ties fields to a submitted form by name: `field('sheba')` gives the Field its name, the value
 * sent back (a refused form keeps what was typed; never for passwords) and its errors.
 */
export function boundFields(
  errors: FormErrors | undefined,
  values: Record<string, string | undefined> | undefined,
) {
  return (name: string) => ({
    name,
    defaultValue: values?.[name] ?? '',
    errors: errors?.fields[name],
  })
}

/** An input under its label; a file input (`type="file"`) is a Persian file picker. */
export function Field({ label, errors, hint, id, className, ...input }: FieldProps) {
  const control = useControl(id, hint, errors)
  return (
    <Labelled control={control} label={label} hint={hint} errors={errors} className={className}>
      {input.type === 'file' ? (
        <FilePicker {...control} {...input} />
      ) : (
        <input {...control} className={inputClass} {...input} />
      )}
    </Labelled>
  )
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  name: string
  label: string
  options: readonly { value: string; label: string }[]
  /** The first, empty choice ("انتخاب کنید"), for a select that starts with nothing chosen. */
  placeholder?: string
  errors?: string[] | undefined
}

export function SelectField({
  label,
  errors,
  options,
  placeholder,
  id,
  className,
  ...select
}: SelectFieldProps) {
  const control = useControl(id, undefined, errors)
  return (
    <Labelled control={control} label={label} errors={errors} className={className}>
      <select {...control} className={inputClass} {...select}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  )
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  name: string
  label: string
  errors?: string[] | undefined
}

export function TextAreaField({ label, errors, id, className, ...textarea }: TextAreaFieldProps) {
  const control = useControl(id, undefined, errors)
  return (
    <Labelled control={control} label={label} errors={errors} className={className}>
      <textarea {...control} className={inputClass} {...textarea} />
    </Labelled>
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

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** A submission of this button is under way: a spinner, and `aria-busy`. */
  busy: boolean
  variant?: 'primary' | 'secondary'
}

/** A submit button with the site's look; `busy` comes from whatever sends the form. */
export function BusyButton({
  busy,
  variant = 'primary',
  children,
  className,
  ...button
}: ButtonProps) {
  const look =
    variant === 'primary'
      ? 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/50'
      : 'bg-white text-teal-800 ring-1 ring-teal-300 hover:bg-teal-50 disabled:text-slate-400 disabled:ring-slate-200 disabled:hover:bg-white'
  return (
    <button
      type="submit"
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold transition disabled:cursor-not-allowed ${look} ${className ?? ''}`}
      {...button}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
        />
      ) : null}
      {children}
    </button>
  )
}

type SubmitButtonProps = Omit<ButtonProps, 'busy'> & { intent: string }

/** A page form's submit button: it names its intent and is busy while the page submits it. */
export function SubmitButton({ intent, disabled, ...button }: SubmitButtonProps) {
  const submitting = useIsSubmitting(intent)
  const anySubmitting = useIsSubmitting()
  return (
    <BusyButton
      busy={submitting}
      name="intent"
      value={intent}
      disabled={disabled || anySubmitting}
      {...button}
    />
  )
}
