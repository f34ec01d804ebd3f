import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = { sections: true }

export default factories.createCoreRouter('api::terms-version.terms-version', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
    findOne: { middlewares: [defaultPopulate(populate)] },
  },
})
