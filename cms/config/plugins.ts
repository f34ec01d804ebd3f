import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'
import { uploadConfig } from '../src/upload-config'

export default (): Core.Config.Plugin => {
  const env = loadCmsEnv()
  const upload = uploadConfig(env)
  return {
    'users-permissions': {
      config: { jwtSecret: env.CMS_JWT_SECRET },
    },
    ...(upload ? { upload } : {}),
  }
}
