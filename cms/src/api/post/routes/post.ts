import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = {
  cover: true,
  category: { fields: ['name', 'slug'] },
  author: { fields: ['name', 'slug', 'bio'], populate: { avatar: true } },
  seo: true,
}

export default factories.createCoreRouter('api::post.post', {
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
    findOne: { middlewares: [defaultPopulate(populate)] },
  },
})
