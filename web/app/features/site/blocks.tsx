import type {
  BadgeColor,
  CtaBox,
  FaqBlock,
  Feature,
  HeroContent,
  Step,
} from '~/features/site/public-pages.ts'
import type { ReactNode } from 'react'
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { cx } from '~/components/ui/cx.ts'
import { FaqList } from '~/components/ui/faq.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Hero, Section } from '~/components/ui/section.tsx'
import { StatBlock, type Stat } from '~/components/ui/stat.tsx'

/** Sections shared by the landing, tier, service and about pages. */

export function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {items.map((item) => (
        <Card as="li" key={item.title} className="flex flex-col gap-3 bg-slate-50 shadow-none">
          <Icon name={item.icon ?? ''} />
          <h3 className="text-lg font-bold text-slate-900">{item.title}</h3>
          {item.description ? <p className="leading-7 text-slate-700">{item.description}</p> : null}
        </Card>
      ))}
    </ul>
  )
}

/** "ArzPol at a glance": the stats row, or nothing when the page has no stats. */
export function GlanceStats({ stats, className }: { stats: Stat[]; className?: string }) {
  if (!stats.length) return null
  return (
    <section
      aria-label="ارزپل در یک نگاه"
      className={cx('mx-auto w-full max-w-6xl px-4', className)}
    >
      <StatBlock stats={stats} />
    </section>
  )
}

export function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {steps.map((step, index) => (
        <Card as="li" key={step.title} className="flex flex-col gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-teal-700 text-lg font-extrabold text-white"
          >
            {(index + 1).toLocaleString('fa-IR')}
          </span>
          <h3 className="text-lg font-bold text-slate-900">
            <span className="sr-only">مرحله {(index + 1).toLocaleString('fa-IR')}: </span>
            {step.title}
          </h3>
          {step.description ? <p className="leading-7 text-slate-700">{step.description}</p> : null}
        </Card>
      ))}
    </ol>
  )
}

const BADGES: Record<BadgeColor, string> = {
  blue: 'bg-sky-100 text-sky-900',
  green: 'bg-emerald-100 text-emerald-900',
  amber: 'bg-amber-100 text-amber-900',
  purple: 'bg-violet-100 text-violet-900',
  rose: 'bg-rose-100 text-rose-900',
  teal: 'bg-teal-100 text-teal-900',
}

/** The FAQ block (questions, then the why-us items with their badge colours). */
export function FaqSection({ faq, id = 'faq' }: { faq: FaqBlock; id?: string }) {
  return (
    <>
      {faq.items.length ? (
        <Section id={id} title={faq.heading} tone="white">
          <div className="max-w-3xl">
            <FaqList items={faq.items} />
          </div>
        </Section>
      ) : null}
      {faq.whyTitle && faq.whyItems.length ? (
        <Section id={`${id}-why`} title={faq.whyTitle}>
          <ul className="grid gap-5 md:grid-cols-3">
            {faq.whyItems.map((item) => (
              <Card as="li" key={item.title} className="flex flex-col gap-3">
                <h3 className="self-start">
                  <span
                    className={cx(
                      'inline-block rounded-full px-3 py-1 text-sm font-bold',
                      BADGES[item.badgeColor],
                    )}
                  >
                    {item.title}
                  </span>
                </h3>
                {item.description ? (
                  <p className="leading-7 text-slate-700">{item.description}</p>
                ) : null}
              </Card>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  )
}

/** A call-to-action box (a banner closing a page, or the box of a service page). */
export function CtaBanner({ cta, id }: { cta: CtaBox; id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-6xl px-4 py-12">
      <div className="flex flex-col items-start gap-4 rounded-3xl bg-teal-900 px-6 py-10 text-white sm:px-10">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold sm:text-3xl">
          {cta.title}
        </h2>
        {cta.description ? (
          <p className="max-w-2xl leading-8 text-teal-50">{cta.description}</p>
        ) : null}
        {cta.buttonLink ? (
          <ButtonLink to={cta.buttonLink} variant="inverse" size="lg">
            {cta.buttonLabel}
          </ButtonLink>
        ) : null}
        {cta.note ? <p className="text-sm text-teal-50">{cta.note}</p> : null}
      </div>
    </section>
  )
}

/**
 * The hero of a cms page with its one or two buttons; `primary`, when given, stands in for the
 * cms's first button (the landing's "go to dashboard" for a signed-in visitor).
 */
export function PageHero({
  hero,
  eyebrow,
  primary,
}: {
  hero: HeroContent
  eyebrow?: string | null
  primary?: ReactNode
}) {
  return (
    <Hero title={hero.title} subtitle={hero.subtitle} eyebrow={eyebrow}>
      {primary ? (
        primary
      ) : hero.buttonLink && hero.buttonLabel ? (
        <ButtonLink to={hero.buttonLink} size="lg">
          {hero.buttonLabel}
        </ButtonLink>
      ) : null}
      {hero.secondaryLink && hero.secondaryLabel ? (
        <ButtonLink to={hero.secondaryLink} variant="secondary" size="lg">
          {hero.secondaryLabel}
        </ButtonLink>
      ) : null}
    </Hero>
  )
}
