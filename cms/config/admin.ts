import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'
import { previewUrl } from '../src/preview/preview-url'

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
    // Service and tier pages and posts open on the real site before they are published: web's preview page,
    // the only page of web that the admin may frame (ADR 042).
    preview: {
      enabled: Boolean(env.WEB_URL),
      config: {
        allowedOrigins: env.WEB_URL ? [new URL(env.WEB_URL).origin] : [],
        handler: (uid, params) => previewUrl(env, uid, params),
      },
    },
  }
}
