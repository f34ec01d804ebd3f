import { factories } from '@strapi/strapi'

import { defaultPopulate } from '../../../utils/default-populate'

const populate = { post: { fields: ['title', 'slug'] } }

// Read-only for the public; comments are created by the custom route in ./submit.ts and
// moderated in the admin.
export default factories.createCoreRouter('api::comment.comment', {
  only: ['find', 'findOne'],
  config: {
    find: { middlewares: [defaultPopulate(populate)] },
    findOne: { middlewares: [defaultPopulate(populate)] },
  },
})
