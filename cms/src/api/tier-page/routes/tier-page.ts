import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

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

export default factories.createCoreRouter('api::tier-page.tier-page', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
    findOne: { middlewares: [defaultPopulate(populate)] },
  },
})
