import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cx } from '~/components/ui/cx.ts'

/**
 * The full-width button that closes an auth card's step: filled for the way on, outlined for a
 * way back or aside. A link or a form's submit button alike.
 */

const LOOKS = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800',
  secondary: 'text-teal-800 ring-1 ring-teal-200 hover:bg-teal-50',
}

export type AuthCardButtonLook = keyof typeof LOOKS

export function authCardButtonClass(look: AuthCardButtonLook): string {
  return cx(
    'inline-flex w-full items-center justify-center rounded-xl px-5 py-3 text-base font-semibold',
    LOOKS[look],
  )
}

/** A link under the card's text, set apart from it. */
export function AuthCardLink({
  to,
  look = 'primary',
  children,
}: {
  to: string
  look?: AuthCardButtonLook
  children: ReactNode
}) {
  return (
    <Link to={to} className={cx('mt-6', authCardButtonClass(look))}>
      {children}
    </Link>
  )
}
