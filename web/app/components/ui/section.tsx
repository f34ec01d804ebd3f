import type { ReactNode } from 'react'
import { cx } from './cx.ts'

/** A page section named by its heading (`aria-labelledby`), with the site's width and spacing. */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string
  title: string
  intro?: string | null
  tone?: 'plain' | 'white' | 'tinted'
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx(
        'scroll-mt-20',
        tone === 'white' && 'bg-white',
        tone === 'tinted' && 'bg-teal-50/60',
      )}
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl leading-8 text-slate-700">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}

/** The top of a public page: its one `h1`, a lead paragraph and up to two actions. */
export function Hero({
  title,
  subtitle,
  eyebrow,
  children,
}: {
  title: string
  subtitle?: string | null
  eyebrow?: string | null
  children?: ReactNode
}) {
  return (
    <section className="bg-gradient-to-b from-teal-50 to-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 py-12 sm:py-20">
        {eyebrow ? (
          <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-teal-900 ring-1 ring-teal-200">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="max-w-3xl text-3xl leading-tight font-extrabold text-slate-900 sm:text-5xl sm:leading-tight">
          {title}
        </h1>
        {subtitle ? <p className="max-w-2xl text-lg leading-8 text-slate-700">{subtitle}</p> : null}
        {children ? <div className="flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  )
}
