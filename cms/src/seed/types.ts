/** Shapes of the seed data: the same fields as src/components/** and the content-type schemas. */
export interface Hero {
  title: string
  subtitle?: string
  buttonLabel?: string
  buttonLink?: string
  secondaryLabel?: string
  secondaryLink?: string
}
export interface CtaBox {
  title: string
  description?: string
  buttonLabel: string
  buttonLink: string
  note?: string
}
export interface TextItem {
  text: string
}
export interface About {
  title: string
  body: string
  bullets: TextItem[]
}
export interface Feature {
  title: string
  description?: string
  icon?: string
}
export interface Card extends Feature {
  buttonLabel?: string
  link?: string
}
export interface Step {
  title: string
  description?: string
}
export interface FaqItem {
  question: string
  answer: string
}
export type BadgeColor = 'blue' | 'green' | 'amber' | 'purple' | 'rose' | 'teal'
export interface WhyItem {
  title: string
  description?: string
  badgeColor: BadgeColor
}
export interface Faq {
  heading: string
  items: FaqItem[]
  whyTitle?: string
  whyItems?: WhyItem[]
}
export interface Stat {
  value: string
  label: string
}
export interface ComparisonRow {
  service: string
  documents: string
  time: string
  complexity: 'low' | 'medium' | 'high'
}
export interface Link {
  label: string
  url: string
}
export interface Seo {
  metaTitle?: string
  metaDescription?: string
}
export type PaymentType =
  'topup' | 'exams' | 'payout' | 'subscriptions' | 'visa' | 'cloud' | 'domain' | 'ads'

export interface ServicePageSeed {
  slug: string
  title: string
  paymentType: PaymentType
  hero: Hero
  cta: CtaBox
  about: About
  features: Feature[]
  faq: Faq
  stats: Stat[]
  seo: Seo
}

export interface TierPageSeed {
  slug: 'base' | 'intermediate' | 'specialized'
  title: string
  hero: Hero
  cardsTitle?: string
  cards: Card[]
  stepsTitle?: string
  steps: Step[]
  documentsTitle?: string
  documents: TextItem[]
  comparisonTitle?: string
  comparison: ComparisonRow[]
  faq: Faq
  closing: CtaBox
  seo: Seo
}
