/**
 * Where the media library keeps files: the local provider (public/uploads, the default: one
 * machine) or an S3-compatible bucket through @strapi/provider-upload-aws-s3 (several cms
 * instances, or a host whose disk is not kept). Spread into cmsEnvSchema (env.ts).
 */
import { z } from 'zod'

// Spelled out as in env.ts (imported from there, so it cannot import back).
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')

export const uploadEnvShape = {
  CMS_UPLOAD_PROVIDER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  CMS_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a valid bucket name' })
    .optional(),
  CMS_S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, Ceph, Arvan, …); unset means AWS itself. */
  CMS_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
    .optional(),
  CMS_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Unset: the SDK's default credential chain (instance role, web identity, …). */
  CMS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  CMS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the files (a CDN or the bucket's public address) written into media URLs. */
  CMS_S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
    .optional(),
  /** Folder inside the bucket, e.g. `cms/` when the bucket is shared. */
  CMS_S3_ROOT_PATH: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, {
      error: 'must be empty or folders ending with a slash, e.g. cms/',
    })
    .optional(),
  /**
   * Blog images are public, so objects are written `public-read`; `none` sends no ACL header, for
   * buckets with ACLs disabled (AWS's default since 2023) whose policy makes them readable.
   */
  CMS_S3_ACL: z
    .enum(['public-read', 'none'], { error: 'must be public-read or none' })
    .default('public-read'),
}

interface UploadEnv {
  CMS_UPLOAD_PROVIDER: 'local' | 's3'
  CMS_S3_BUCKET?: string | undefined
  CMS_S3_ACCESS_KEY_ID?: string | undefined
  CMS_S3_SECRET_ACCESS_KEY?: string | undefined
}

export function checkUploadEnv(env: UploadEnv, ctx: z.RefinementCtx): void {
  if (env.CMS_UPLOAD_PROVIDER === 's3' && !env.CMS_S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['CMS_S3_BUCKET'],
      message: 'required when CMS_UPLOAD_PROVIDER=s3',
    })
  }
  if (Boolean(env.CMS_S3_ACCESS_KEY_ID) !== Boolean(env.CMS_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.CMS_S3_ACCESS_KEY_ID ? 'CMS_S3_SECRET_ACCESS_KEY' : 'CMS_S3_ACCESS_KEY_ID'],
      message: 'CMS_S3_ACCESS_KEY_ID and CMS_S3_SECRET_ACCESS_KEY go together',
    })
  }
}
