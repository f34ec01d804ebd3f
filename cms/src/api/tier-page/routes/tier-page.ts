import { populatedRouter } from '../../../utils/populated-router'

const populate = {
  hero: { populate: { image: true } },
  cards: true,
  steps: true,
  documents: true,
  comparison: true,
  faq: { populate: { items: true, whyItems: true } },
  closing: true,
  seo: true,
}

export default populatedRouter('api::tier-page.tier-page', populate)
