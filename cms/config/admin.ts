import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'

export default (): Core.Config.Admin => {
  const env = loadCmsEnv()
  return {
    auth: { secret: env.CMS_ADMIN_JWT_SECRET },
    apiToken: { salt: env.CMS_API_TOKEN_SALT },
    transfer: { token: { salt: env.CMS_TRANSFER_TOKEN_SALT } },
    secrets: { encryptionKey: env.CMS_ENCRYPTION_KEY },
    // No survey pop-ups, Enterprise adverts or cloud AI features: the admin must work offline.
    flags: { nps: false, promoteEE: false },
    ai: { enabled: false },
  }
}
