import type { CardContent } from '~/components/ui/card.tsx'
import type { FaqItem } from '~/components/ui/faq.tsx'
import type { Stat } from '~/components/ui/stat.tsx'

/** Display-ready content of the public pages (made by cms-pages.server.ts, shown by routes). */

export type { CardContent, FaqItem, Stat }

export interface Seo {
  title: string | null
  description: string | null
}

export interface HeroContent {
  title: string
  subtitle: string | null
  buttonLabel: string | null
  buttonLink: string | null
  secondaryLabel: string | null
  secondaryLink: string | null
}

export interface Feature {
  title: string
  description: string | null
  icon: string | null
}

export interface Step {
  title: string
  description: string | null
}

export interface CtaBox {
  title: string
  description: string | null
  buttonLabel: string
  buttonLink: string | null
  note: string | null
}

export type BadgeColor = 'blue' | 'green' | 'amber' | 'purple' | 'rose' | 'teal'

export interface FaqBlock {
  heading: string
  items: FaqItem[]
  whyTitle: string | null
  whyItems: { title: string; description: string | null; badgeColor: BadgeColor }[]
}

export interface LandingContent {
  hero: HeroContent
  tiersTitle: string
  tiers: CardContent[]
  reasonsTitle: string
  reasons: Feature[]
  stats: Stat[]
  closing: CtaBox | null
  seo: Seo
}

export interface TierPageContent {
  slug: string
  title: string
  hero: HeroContent
  cardsTitle: string | null
  cards: CardContent[]
  stepsTitle: string | null
  steps: Step[]
  documentsTitle: string | null
  documents: string[]
  comparisonTitle: string | null
  comparison: {
    service: string
    documents: string
    time: string
    complexity: 'low' | 'medium' | 'high'
  }[]
  faq: FaqBlock | null
  closing: CtaBox | null
  seo: Seo
}

export interface ServicePageContent {
  slug: string
  title: string
  paymentType: string
  hero: HeroContent
  cta: CtaBox | null
  about: { title: string; body: string; bullets: string[] } | null
  features: Feature[]
  faq: FaqBlock | null
  stats: Stat[]
  seo: Seo
}

export interface AboutContent {
  title: string
  intro: string | null
  badges: string[]
  stats: Stat[]
  mission: string
  vision: string
  values: Feature[]
  stepsTitle: string | null
  steps: Step[]
  contactTitle: string | null
  contactText: string | null
  contact: {
    supportPhone: string | null
    supportEmail: string | null
    address: string | null
    workingHours: string | null
  } | null
  seo: Seo
}

export interface TermsContent {
  version: string
  /** Jalali, Persian digits. */
  updatedLabel: string
  title: string
  intro: string | null
  sections: { anchor: string; title: string; html: string }[]
}

/** The stats block of a service page when the cms gives none (docs/product/site.md). */
export const DEFAULT_SERVICE_STATS: Stat[] = [
  { value: '۹۵٪', label: 'نرخ موفقیت' },
  { value: '+۲۰۰۰', label: 'درخواست موفق' },
  { value: '+۳۰۰۰', label: 'کاربر فعال' },
  { value: '۲۴/۷', label: 'پشتیبانی' },
]

export const COMPLEXITY_LABELS = { low: 'کم', medium: 'متوسط', high: 'زیاد' } as const
