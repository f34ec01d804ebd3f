import { populatedRouter } from '../../../utils/populated-router'

const populate = { badges: true, stats: true, values: true, steps: true, seo: true }

export default populatedRouter('api::about-page.about-page', populate)
