import { populatedRouter } from '../../../utils/populated-router'

const populate = { footerLinks: true, socialLinks: true }

export default populatedRouter('api::site-setting.site-setting', populate)
