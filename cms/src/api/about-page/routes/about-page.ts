import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = { badges: true, stats: true, values: true, steps: true, seo: true }

export default factories.createCoreRouter('api::about-page.about-page', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
  },
})
