import type { Core } from '@strapi/strapi'

import { loadCmsEnv } from '../src/env'
import { securityMiddleware } from '../src/upload-config'

// A function, so that the environment is read at each config load and not once per process.
export default (): Core.Config.Middlewares => [
  // strapi::logger with web's request id (src/middlewares/request-log.ts).
  'global::request-log',
  'strapi::errors',
  securityMiddleware(loadCmsEnv()),
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // An unreadable body is refused in Persian, in Strapi's shape (src/middlewares/body-errors.ts).
  'global::body-errors',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
]
