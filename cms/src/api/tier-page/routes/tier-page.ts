import { TIER_PAGE_POPULATE } from '../../../public-api/populate'
import { populatedRouter } from '../../../utils/populated-router'

export default populatedRouter('api::tier-page.tier-page', TIER_PAGE_POPULATE)
