import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'

export default (): Core.Config.Server => {
  const env = loadCmsEnv()
  return {
    host: env.CMS_HOST,
    port: env.CMS_PORT,
    url: env.CMS_PUBLIC_URL,
    proxy: { koa: env.CMS_TRUST_PROXY },
    app: { keys: env.CMS_APP_KEYS },
    logger: {
      config: { level: env.CMS_LOG_LEVEL },
      // No daily version check against the npm registry (works offline, no noise).
      updates: { enabled: false },
      startup: { enabled: true },
    },
  }
}
