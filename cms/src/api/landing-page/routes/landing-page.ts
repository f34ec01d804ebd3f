import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = {
  hero: { populate: { image: true } },
  tiers: true,
  reasons: true,
  stats: true,
  closing: true,
  seo: true,
}

export default factories.createCoreRouter('api::landing-page.landing-page', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
  },
})
