import { populatedRouter } from '../../../utils/populated-router'

const populate = {
  hero: { populate: { image: true } },
  cta: true,
  about: { populate: { bullets: true } },
  features: true,
  faq: { populate: { items: true, whyItems: true } },
  stats: true,
  seo: true,
}

export default populatedRouter('api::service-page.service-page', populate)
