import type { ServicePageContent } from '~/features/site/public-pages.ts'
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { Section } from '~/components/ui/section.tsx'
import { StatBlock } from '~/components/ui/stat.tsx'
import { FaqSection, FeatureGrid, PageHero } from './blocks.tsx'

/**
 * The one layout of the service landing pages (docs/product/site.md): hero, call-to-action box,
 * about text with bullets, features, FAQ, why-us items, stats block.
 */
export function ServicePage({ page }: { page: ServicePageContent }) {
  return (
    <>
      <PageHero hero={page.hero} eyebrow={page.title} />
      {page.cta ? (
        <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4">
          <Card className="-mt-6 flex flex-col gap-4 border-teal-200 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-2">
              <h2 id="cta-title" className="text-xl font-extrabold text-slate-900">
                {page.cta.title}
              </h2>
              {page.cta.description ? (
                <p className="leading-7 text-slate-700">{page.cta.description}</p>
              ) : null}
              {page.cta.note ? <p className="text-sm text-slate-600">{page.cta.note}</p> : null}
            </div>
            {page.cta.buttonLink ? (
              <ButtonLink to={page.cta.buttonLink} size="lg" className="shrink-0">
                {page.cta.buttonLabel}
              </ButtonLink>
            ) : null}
          </Card>
        </section>
      ) : null}
      {page.about ? (
        <Section id="about" title={page.about.title}>
          <p className="max-w-3xl leading-8 text-slate-700">{page.about.body}</p>
          {page.about.bullets.length ? (
            <ul className="mt-6 grid max-w-3xl gap-3">
              {page.about.bullets.map((bullet) => (
                <li key={bullet} className="flex items-start gap-3 leading-7 text-slate-800">
                  <span
                    aria-hidden="true"
                    className="mt-3 size-2 shrink-0 rounded-full bg-teal-700"
                  />
                  {bullet}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
      ) : null}
      {page.features.length ? (
        <Section id="features" title="ویژگی‌های این خدمت" tone="white">
          <FeatureGrid items={page.features} />
        </Section>
      ) : null}
      {page.faq ? <FaqSection faq={page.faq} /> : null}
      <section aria-labelledby="stats-title" className="bg-teal-900">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="stats-title" className="mb-6 text-2xl font-extrabold text-white">
            ارزپل در یک نگاه
          </h2>
          <StatBlock stats={page.stats} tone="dark" />
        </div>
      </section>
    </>
  )
}
