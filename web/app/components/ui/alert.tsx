import type { ReactNode } from 'react'
import { cx } from './cx.ts'

export type AlertTone = 'info' | 'success' | 'warning' | 'error'

const tones: Record<AlertTone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
}

/**
 * A message box. Errors and warnings are `role="alert"` (announced when they appear); the others
 * are `role="status"`.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: AlertTone
  title?: string
  children: ReactNode
  className?: string
}) {
  const urgent = tone === 'error' || tone === 'warning'
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={cx('rounded-xl border px-4 py-3 text-sm leading-7', tones[tone], className)}
    >
      {title ? <p className="font-bold">{title}</p> : null}
      <div>{children}</div>
    </div>
  )
}
