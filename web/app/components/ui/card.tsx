import type { ReactNode } from 'react'
import { ButtonLink } from './button.tsx'
import { cx } from './cx.ts'
import { Icon } from './icon.tsx'

/** A surface with a border. `as="li"` inside lists of cards, so screen readers count them. */
export function Card({
  as: Tag = 'div',
  className,
  children,
}: {
  as?: 'div' | 'li' | 'article' | 'section'
  className?: string
  children: ReactNode
}) {
  return (
    <Tag className={cx('rounded-2xl border border-slate-200 bg-white p-6 shadow-xs', className)}>
      {children}
    </Tag>
  )
}

export interface CardContent {
  title: string
  description?: string | null
  icon?: string | null
  buttonLabel?: string | null
  link?: string | null
}

/** A titled card with an icon, a description and an optional link button, as a list item. */
export function LinkCard({ card, headingLevel = 3 }: { card: CardContent; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <Card as="li" className="flex flex-col gap-3">
      {card.icon ? <Icon name={card.icon} /> : null}
      <Heading className="text-lg font-bold text-slate-900">{card.title}</Heading>
      {card.description ? (
        <p className="flex-1 leading-7 text-slate-700">{card.description}</p>
      ) : (
        <div className="flex-1" />
      )}
      {card.link ? (
        <ButtonLink to={card.link} variant="secondary" size="sm" className="self-start">
          {card.buttonLabel || 'اطلاعات بیشتر'}
          <span className="sr-only"> درباره {card.title}</span>
        </ButtonLink>
      ) : null}
    </Card>
  )
}
