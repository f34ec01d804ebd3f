import { populatedRouter } from '../../../utils/populated-router'

const populate = {
  hero: { populate: { image: true } },
  tiers: true,
  reasons: true,
  stats: true,
  closing: true,
  seo: true,
}

export default populatedRouter('api::landing-page.landing-page', populate)
