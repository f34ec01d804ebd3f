import { toPersianDigits } from '@arzpol/contracts'
import { z } from 'zod'
import { blogCache } from './cms-blog.server.ts'
import { CmsUnavailableError } from './cms-cache.server.ts'
import { renderPostContent } from './cms-html.server.ts'
import * as cms from './cms.server.ts'
import { getEnv } from '~/utils/env.server.ts'
import { renumberHeadings } from '~/utils/headings.ts'
import { LANDING_FALLBACK } from './landing-fallback.ts'
import type {
  AboutContent,
  CardContent,
  LandingContent,
  ServicePageContent,
  TermsContent,
  TierPageContent,
} from '~/features/site/public-pages.ts'
import { DEFAULT_SERVICE_STATS } from '~/features/site/public-pages.ts'
import type { ServiceSlug, TierSlug } from '~/features/site/public-routes.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * The marketing pages' content (docs/product/site.md) read from the cms's public REST API through
 * the same in-memory cache as the blog (so the content-changed webhook refreshes pages too),
 * validated with zod and turned into display-ready values once per fetch.
 */

export type PageResult<T> =
  | { status: 'ok'; page: T }
  /** The cms has no such page (not created, or unpublished). */
  | { status: 'missing' }
  /** The cms cannot be reached and web has no earlier copy. */
  | { status: 'unavailable' }

// ---------------------------------------------------------------------------------------------
// Schemas of the cms's answers (cms/src/components/**); lenient where the admin allows blanks.

/**
 * Links written by editors: a path on this site or an http(s) URL. Anything else (`javascript:`,
 * protocol-relative `//host`) is dropped.
 */
export function safeHref(value: string | null | undefined): string | null {
  const link = value?.trim()
  if (!link) return null
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return link
  if (/^https?:\/\/[^\s]+$/i.test(link)) return link
  return null
}

const text = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
const href = z
  .string()
  .nullish()
  .transform((value) => safeHref(value))
const list = <S extends z.ZodType>(item: S) =>
  z
    .array(item)
    .nullish()
    .transform((value) => value ?? [])

const heroSchema = z.object({
  title: z.string(),
  subtitle: text,
  buttonLabel: text,
  buttonLink: href,
  secondaryLabel: text,
  secondaryLink: href,
})
const cardSchema = z.object({
  title: z.string(),
  description: text,
  icon: text,
  buttonLabel: text,
  link: href,
})
const featureSchema = z.object({ title: z.string(), description: text, icon: text })
const statSchema = z.object({ value: z.string(), label: z.string() })
const stepSchema = z.object({ title: z.string(), description: text })
const textItemSchema = z.object({ text: z.string() }).transform((item) => item.text)
const ctaSchema = z
  .object({
    title: z.string(),
    description: text,
    buttonLabel: z.string(),
    buttonLink: href,
    note: text,
  })
  .nullish()
  .transform((value) => value ?? null)
const faqSchema = z
  .object({
    heading: z.string(),
    items: list(z.object({ question: z.string(), answer: z.string() })),
    whyTitle: text,
    whyItems: list(
      z.object({
        title: z.string(),
        description: text,
        badgeColor: z.enum(['blue', 'green', 'amber', 'purple', 'rose', 'teal']).catch('teal'),
      }),
    ),
  })
  .nullish()
  .transform((value) => value ?? null)
const seoSchema = z
  .object({ metaTitle: text, metaDescription: text })
  .nullish()
  .transform((value) => ({
    title: value?.metaTitle ?? null,
    description: value?.metaDescription ?? null,
  }))

const landingSchema = z.object({
  hero: heroSchema,
  tiersTitle: text,
  tiers: list(cardSchema),
  reasonsTitle: text,
  reasons: list(featureSchema),
  stats: list(statSchema),
  closing: ctaSchema,
  seo: seoSchema,
})

const tierSchema = z.object({
  slug: z.string(),
  title: z.string(),
  hero: heroSchema,
  cardsTitle: text,
  cards: list(cardSchema),
  stepsTitle: text,
  steps: list(stepSchema),
  documentsTitle: text,
  documents: list(textItemSchema),
  comparisonTitle: text,
  comparison: list(
    z.object({
      service: z.string(),
      documents: z.string(),
      time: z.string(),
      complexity: z.enum(['low', 'medium', 'high']),
    }),
  ),
  faq: faqSchema,
  closing: ctaSchema,
  seo: seoSchema,
})

const serviceSchema = z.object({
  slug: z.string(),
  title: z.string(),
  paymentType: z.string(),
  hero: heroSchema,
  cta: ctaSchema,
  about: z
    .object({ title: z.string(), body: z.string(), bullets: list(textItemSchema) })
    .nullish()
    .transform((value) => value ?? null),
  features: list(featureSchema),
  faq: faqSchema,
  stats: list(statSchema),
  seo: seoSchema,
})

const aboutSchema = z.object({
  title: z.string(),
  intro: text,
  badges: list(textItemSchema),
  stats: list(statSchema),
  mission: z.string(),
  vision: z.string(),
  values: list(featureSchema),
  stepsTitle: text,
  steps: list(stepSchema),
  contactTitle: text,
  contactText: text,
  seo: seoSchema,
})

const termsSchema = z.object({
  version: z.string(),
  updatedJalali: z.string(),
  title: z.string(),
  intro: text,
  sections: list(z.object({ anchor: z.string(), title: z.string(), body: z.unknown() })),
})

const siteSettingSchema = z.object({
  supportPhone: text,
  supportEmail: text,
  address: text,
  workingHours: text,
})

// ---------------------------------------------------------------------------------------------
// Reading through the cache

export class MalformedContent extends Error {
  override name = 'MalformedContent'
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    // Not cached as an answer: the cache keeps serving the last good copy.
    throw new MalformedContent(`the cms's ${what} does not have the expected shape`)
  }
  return result.data
}

async function cached<T>(
  key: string,
  load: (options: cms.ReadOptions) => Promise<T | null>,
): Promise<PageResult<T>> {
  try {
    const page = await blogCache.get(`page:${key}`, (context) => load(context))
    return page === null ? { status: 'missing' } : { status: 'ok', page }
  } catch (error) {
    if (!(error instanceof CmsUnavailableError)) throw error
    if (!error.repeated) getLogger().error(error.message)
    return { status: 'unavailable' }
  }
}

async function bySlug(path: string, slug: string, options: cms.ReadOptions): Promise<unknown> {
  const entries = await cms.fetchEntries(path, { 'filters[slug][$eq]': slug }, options)
  return entries[0] ?? null
}

const cards = (items: z.output<typeof cardSchema>[]): CardContent[] => items

export async function getLandingPage(): Promise<LandingContent> {
  // The landing page is also the sign-in page: with no cms it shows the built-in copy, and gives
  // up on a slow cms after the short timeout (it always has a copy to show).
  const load = async (): Promise<LandingContent | null> => {
    const raw = await cms.fetchSingleType('/api/landing-page', { hasFallback: true })
    if (raw === null) return null
    const page = parse(landingSchema, raw, 'landing page')
    return {
      hero: page.hero,
      tiersTitle: page.tiersTitle ?? LANDING_FALLBACK.tiersTitle,
      tiers: page.tiers.length ? cards(page.tiers) : LANDING_FALLBACK.tiers,
      reasonsTitle: page.reasonsTitle ?? LANDING_FALLBACK.reasonsTitle,
      reasons: page.reasons.length ? page.reasons : LANDING_FALLBACK.reasons,
      stats: page.stats,
      closing: page.closing,
      seo: page.seo,
    } satisfies LandingContent
  }
  try {
    return (await blogCache.get('page:landing', load)) ?? LANDING_FALLBACK
  } catch (error) {
    if (!(error instanceof CmsUnavailableError)) throw error
    if (!error.repeated) getLogger().warn(`${error.message}; showing the built-in landing page`)
    return LANDING_FALLBACK
  }
}

/** A tier page as the cms answers it (published, or a draft to preview), ready to draw. */
export function tierPageFrom(raw: unknown, what: string): TierPageContent {
  return parse(tierSchema, raw, what)
}

/** A service page as the cms answers it (published, or a draft to preview), ready to draw. */
export function servicePageFrom(raw: unknown, what: string): ServicePageContent {
  const page = parse(serviceSchema, raw, what)
  // The stats block's defaults.
  return { ...page, stats: page.stats.length ? page.stats : DEFAULT_SERVICE_STATS }
}

export function getTierPage(slug: TierSlug): Promise<PageResult<TierPageContent>> {
  return cached(`tier:${slug}`, async (options) => {
    const raw = await bySlug('/api/tier-pages', slug, options)
    return raw === null ? null : tierPageFrom(raw, `tier page ${slug}`)
  })
}

export function getServicePage(slug: ServiceSlug): Promise<PageResult<ServicePageContent>> {
  return cached(`service:${slug}`, async (options) => {
    const raw = await bySlug('/api/service-pages', slug, options)
    return raw === null ? null : servicePageFrom(raw, `service page ${slug}`)
  })
}

export function getAboutPage(): Promise<PageResult<AboutContent>> {
  return cached('about', async (options) => {
    const [raw, settings] = await Promise.all([
      cms.fetchSingleType('/api/about-page', options),
      cms.fetchSingleType('/api/site-setting', options).catch((error: unknown) => {
        // The contact details are extras: the page stands without them.
        getLogger().warn({ err: error }, 'site settings unavailable')
        return null
      }),
    ])
    if (raw === null) return null
    const page = parse(aboutSchema, raw, 'about page')
    const contact = settings === null ? null : siteSettingSchema.safeParse(settings)
    return { ...page, contact: contact?.success ? contact.data : null }
  })
}

export function getCurrentTerms(): Promise<PageResult<TermsContent>> {
  return cached('terms', async (options) => {
    // The newest published version is the current one (cms/README.md).
    const entries = await cms.fetchEntries(
      '/api/terms-versions',
      { 'sort[0]': 'publishedAt:desc', 'sort[1]': 'id:desc' },
      options,
    )
    if (entries.length === 0) return null
    const terms = parse(termsSchema, entries[0], 'terms version')
    const mediaBaseUrl = getEnv().CMS_URL
    return {
      version: terms.version,
      updatedLabel: toPersianDigits(terms.updatedJalali),
      title: terms.title,
      intro: terms.intro,
      sections: terms.sections.map((section, index) => ({
        // Anchors become ids: keep them to characters that are safe in a URL fragment.
        anchor: /^[a-z][a-z0-9-]*$/i.test(section.anchor) ? section.anchor : `section-${index + 1}`,
        title: section.title,
        // The section's own title is an h2: headings inside it start at h3.
        html: renumberHeadings(renderPostContent(section.body, { mediaBaseUrl }), 3),
      })),
    }
  })
}
