import type { CmsEnv } from './env'

/**
 * Media library storage. The local provider (public/uploads) is Strapi's default and stays so on
 * one machine; CMS_UPLOAD_PROVIDER=s3 moves files to an S3-compatible bucket, which several cms
 * instances (or a container whose disk is thrown away) need.
 *
 * Lives in src/ rather than config/: Strapi loads every file of config/ as a config namespace.
 */
export function uploadConfig(env: CmsEnv) {
  if (env.CMS_UPLOAD_PROVIDER !== 's3') return undefined
  return {
    config: {
      provider: 'aws-s3',
      providerOptions: {
        baseUrl: env.CMS_S3_PUBLIC_URL,
        rootPath: env.CMS_S3_ROOT_PATH,
        s3Options: {
          region: env.CMS_S3_REGION,
          ...(env.CMS_S3_ENDPOINT ? { endpoint: env.CMS_S3_ENDPOINT } : {}),
          forcePathStyle: env.CMS_S3_FORCE_PATH_STYLE,
          ...(env.CMS_S3_ACCESS_KEY_ID && env.CMS_S3_SECRET_ACCESS_KEY
            ? {
                credentials: {
                  accessKeyId: env.CMS_S3_ACCESS_KEY_ID,
                  secretAccessKey: env.CMS_S3_SECRET_ACCESS_KEY,
                },
              }
            : {}),
          // The provider adds ACL public-read unless the key is present; present and undefined
          // means "send no ACL header" (buckets with ACLs disabled).
          params: {
            Bucket: env.CMS_S3_BUCKET,
            ACL: env.CMS_S3_ACL === 'none' ? undefined : env.CMS_S3_ACL,
          },
        },
      },
    },
  }
}

/** Where the admin's media library loads thumbnails from, besides the cms itself. */
export function uploadOrigins(env: CmsEnv): string[] {
  if (env.CMS_UPLOAD_PROVIDER !== 's3') return []
  const base =
    env.CMS_S3_PUBLIC_URL ??
    env.CMS_S3_ENDPOINT ??
    `https://${env.CMS_S3_BUCKET}.s3.${env.CMS_S3_REGION}.amazonaws.com`
  return [new URL(base).origin]
}

/**
 * Strapi's security middleware (helmet). Its CSP lets the admin show images from the cms only, so
 * with a bucket the bucket's origin is added; without one the middleware keeps Strapi's defaults.
 */
export function securityMiddleware(env: CmsEnv) {
  const origins = uploadOrigins(env)
  if (origins.length === 0) return 'strapi::security'
  return {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io', ...origins],
          'media-src': ["'self'", 'data:', 'blob:', ...origins],
          upgradeInsecureRequests: null,
        },
      },
    },
  }
}
