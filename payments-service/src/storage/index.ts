import type { AppConfig } from '../config/env.ts'
import { createLocalStorage } from './local.ts'
import { createS3Storage } from './s3.ts'
import type { FileStorage } from './storage.ts'

export { StoredFileNotFound, type FileStorage } from './storage.ts'

/** The configured attachment storage; env.ts already refused s3 without a bucket. */
export function createFileStorage(
  config: Pick<
    AppConfig,
    | 'STORAGE_DRIVER'
    | 'ATTACHMENTS_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_KEY_PREFIX'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): FileStorage {
  if (config.STORAGE_DRIVER === 's3' && config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_KEY_PREFIX,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    })
  }
  return createLocalStorage(config.ATTACHMENTS_DIR)
}
