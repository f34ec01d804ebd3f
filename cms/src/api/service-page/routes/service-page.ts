import { SERVICE_PAGE_POPULATE } from '../../../public-api/populate'
import { populatedRouter } from '../../../utils/populated-router'

export default populatedRouter('api::service-page.service-page', SERVICE_PAGE_POPULATE)
