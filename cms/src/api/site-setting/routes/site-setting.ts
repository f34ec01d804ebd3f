import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = { footerLinks: true, socialLinks: true }

export default factories.createCoreRouter('api::site-setting.site-setting', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
  },
})
