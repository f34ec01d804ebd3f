import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'

export default (): Core.Config.Plugin => {
  const env = loadCmsEnv()
  return {
    'users-permissions': {
      config: { jwtSecret: env.CMS_JWT_SECRET },
    },
  }
}
