import { populatedRouter } from '../../../utils/populated-router'

const populate = { sections: true }

export default populatedRouter('api::terms-version.terms-version', populate)
