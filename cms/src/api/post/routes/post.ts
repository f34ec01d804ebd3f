import { populatedRouter } from '../../../utils/populated-router'

const populate = {
  cover: true,
  category: { fields: ['name', 'slug'] },
  author: { fields: ['name', 'slug', 'bio'], populate: { avatar: true } },
  seo: true,
}

export default populatedRouter('api::post.post', populate)
