import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/**
 * Attachment storage settings, spread into the service's env schema (config/env.ts). The default
 * folder is `.data/attachments` at the repository root (git-ignored, next to the development
 * database), found from this file's location so it does not depend on the working directory.
 */
export const DEFAULT_ATTACHMENTS_DIR = fileURLToPath(
  new URL('../../../.data/attachments', import.meta.url),
)

// Spelled out like config/env.ts does: z.coerce.boolean() reads the string 'false' as true.
const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .default(fallback)

export const storageEnvShape = {
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Relative paths are taken from the working directory. */
  ATTACHMENTS_DIR: z
    .string()
    .min(1)
    .transform((value) => path.resolve(value))
    .default(DEFAULT_ATTACHMENTS_DIR),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, 'must be empty or folders ending with a slash, e.g. arzpol/')
    .default(''),
}

type StorageEnv = {
  STORAGE_DRIVER: 'local' | 's3'
  S3_BUCKET?: string | undefined
  S3_ACCESS_KEY_ID?: string | undefined
  S3_SECRET_ACCESS_KEY?: string | undefined
}

export function checkStorageEnv(env: StorageEnv, ctx: z.RefinementCtx): void {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required with STORAGE_DRIVER=s3',
    })
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    })
  }
}
