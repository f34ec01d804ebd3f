import { Link } from '@remix-run/react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { cx } from './cx.ts'

/**
 * Buttons and links that look like buttons. A link that leaves the page (a new screen) is a
 * `ButtonLink`; an action on the page is a `Button`. Colours keep a contrast of at least 4.5:1.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800',
  secondary: 'bg-white text-teal-800 ring-1 ring-teal-300 hover:bg-teal-50',
  ghost: 'text-teal-800 hover:bg-teal-50',
  inverse: 'bg-white text-teal-900 shadow-sm hover:bg-teal-50',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-3 py-2 text-sm',
  md: 'min-h-11 px-5 py-2.5 text-sm',
  lg: 'min-h-12 px-6 py-3 text-base',
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return cx(base, variants[variant], sizes[size])
}

export function ButtonLink({
  to,
  variant,
  size,
  className,
  children,
}: {
  to: string
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  children: ReactNode
}) {
  const classes = cx(buttonClass(variant, size), className)
  // Links from the cms may leave the site: those are plain anchors.
  if (/^https?:\/\//i.test(to)) {
    return (
      <a href={to} className={classes} rel="noopener">
        {children}
      </a>
    )
  }
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  )
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={cx(buttonClass(variant, size), className)} {...rest} />
}
