import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = {
  hero: { populate: { image: true } },
  cta: true,
  about: { populate: { bullets: true } },
  features: true,
  faq: { populate: { items: true, whyItems: true } },
  stats: true,
  seo: true,
}

export default factories.createCoreRouter('api::service-page.service-page', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
    findOne: { middlewares: [defaultPopulate(populate)] },
  },
})
