import { CtaBanner, FeatureGrid, GlanceStats, PageHero } from '~/features/site/blocks.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { LinkCard } from '~/components/ui/card.tsx'
import { Section } from '~/components/ui/section.tsx'
import type { LandingContent } from '~/features/site/public-pages.ts'

/**
 * The landing page's "home" mode (docs/product/site.md): hero, the service tiers, three reasons
 * (security, speed, 24/7 support), from the cms (or its built-in copy when the cms is down).
 */
export function Home({ signedIn, content }: { signedIn: boolean; content: LandingContent }) {
  const { hero } = content
  return (
    <>
      <PageHero
        hero={hero}
        eyebrow="نرخ قفل‌شده، رسید رسمی، پشتیبانی شبانه‌روزی"
        primary={
          signedIn ? (
            <ButtonLink to="/dashboard" size="lg">
              رفتن به داشبورد
            </ButtonLink>
          ) : null
        }
      />

      <Section id="services" title={content.tiersTitle} intro="سه سطح خدمت، متناسب با نیاز شما">
        <ul className="grid gap-5 md:grid-cols-3">
          {content.tiers.map((tier) => (
            <LinkCard key={tier.title} card={tier} />
          ))}
        </ul>
      </Section>

      <Section id="reasons" title={content.reasonsTitle} tone="white">
        <FeatureGrid items={content.reasons} />
      </Section>

      <GlanceStats stats={content.stats} className="pt-12" />

      {content.closing && !signedIn ? <CtaBanner cta={content.closing} id="closing" /> : null}
    </>
  )
}
