import { populatedRouter } from '../../../utils/populated-router'

const populate = { post: { fields: ['title', 'slug'] } }

// Read-only for the public; comments are created by the custom route in ./submit.ts and
// moderated in the admin.
export default populatedRouter('api::comment.comment', populate, { only: ['find', 'findOne'] })
