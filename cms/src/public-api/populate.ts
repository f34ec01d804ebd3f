/**
 * What a read of each page type fills in: the public API's reads (populatedRouter) and the
 * preview of a draft (src/preview) show an editor's page with exactly the same parts.
 */

export const SERVICE_PAGE_POPULATE = {
  hero: { populate: { image: true } },
  cta: true,
  about: { populate: { bullets: true } },
  features: true,
  faq: { populate: { items: true, whyItems: true } },
  stats: true,
  seo: true,
}

export const TIER_PAGE_POPULATE = {
  hero: { populate: { image: true } },
  cards: true,
  steps: true,
  documents: true,
  comparison: true,
  faq: { populate: { items: true, whyItems: true } },
  closing: true,
  seo: true,
}

export const POST_POPULATE = {
  cover: true,
  category: { fields: ['name', 'slug'] },
  author: { fields: ['name', 'slug', 'bio'], populate: { avatar: true } },
  seo: true,
}
