import { POST_POPULATE } from '../../../public-api/populate'
import { populatedRouter } from '../../../utils/populated-router'

export default populatedRouter('api::post.post', POST_POPULATE)
