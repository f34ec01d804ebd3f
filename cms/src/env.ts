/**
 * Every setting of the cms comes from CMS_*-prefixed environment variables (one .env file serves
 * all services), validated here once per config load. A bad or missing variable stops Strapi before
 * it opens the database, with a message that names each offending variable.
 *
 * Lives in src/ rather than config/: Strapi loads every file of config/ as a config namespace.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

import { checkProductionProfile } from './env-production'
import { uploadEnvShape, checkUploadEnv } from './env-upload'

/** The cms folder (the one with package.json), whether this file runs from src/ or dist/src/. */
export function findAppDir(start: string = __dirname): string {
  let dir = start
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) return start
    dir = parent
  }
  return dir
}

const secret = (what: string) =>
  z
    .string({ error: `required (${what}; the dev launcher generates one)` })
    .min(16, { error: 'must be at least 16 characters' })

const optionalUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
  .optional()

// Strapi's own admin password rules (see @strapi/admin's password validator): 8+ characters, at
// most 72 bytes (bcrypt), a lowercase letter, an uppercase letter and a digit.
const adminPassword = z
  .string()
  .min(8, { error: 'must be at least 8 characters' })
  .refine((value) => Buffer.byteLength(value) <= 72, { error: 'must be at most 72 bytes' })
  .refine((value) => /[a-z]/.test(value), { error: 'must contain a lowercase letter' })
  .refine((value) => /[A-Z]/.test(value), { error: 'must contain an uppercase letter' })
  .refine((value) => /\d/.test(value), { error: 'must contain a digit' })

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')

/** A whole number from `min` to `max`, given as text; `error` says which when it is not. */
const integerBetween = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error })

export const cmsEnvSchema = z
  .object({
    CMS_HOST: z.string().min(1).default('127.0.0.1'),
    CMS_PORT: integerBetween(1, 65535, 'must be a port number (1-65535)').default(1337),
    /** Public origin of the cms (absolute URLs of uploads and of the admin). */
    CMS_PUBLIC_URL: optionalUrl,
    CMS_LOG_LEVEL: z
      .enum(['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'], {
        error: 'must be one of error, warn, info, http, verbose, debug, silly',
      })
      .default('http'),
    CMS_TRUST_PROXY: booleanFlag.default(false),
    CMS_DATABASE_CLIENT: z
      .enum(['sqlite', 'postgres'], { error: 'must be sqlite or postgres' })
      .default('sqlite'),
    CMS_DATABASE_FILENAME: z.string().min(1).default('.tmp/data.db'),
    CMS_DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres://user:password@host/db URL' })
      .optional(),
    CMS_DATABASE_SSL: booleanFlag.default(false),
    CMS_APP_KEYS: z
      .string({ error: 'required (comma-separated list of keys; the dev launcher generates them)' })
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().min(16, { error: 'each key must be at least 16 characters' }))
          .min(1, { error: 'must list at least one key' }),
      ),
    CMS_API_TOKEN_SALT: secret('salt of API tokens'),
    CMS_ADMIN_JWT_SECRET: secret('secret of admin sessions'),
    CMS_TRANSFER_TOKEN_SALT: secret('salt of transfer tokens'),
    CMS_JWT_SECRET: secret('secret of users-permissions JWTs'),
    CMS_ENCRYPTION_KEY: secret('key that encrypts API tokens at rest'),
    /** Create the Persian demo content (pages, terms, blog) on the first start. */
    CMS_SEED: booleanFlag.default(true),
    CMS_ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    CMS_ADMIN_PASSWORD: adminPassword.optional(),
    CMS_ADMIN_FIRSTNAME: z.string().min(1).default('مدیر'),
    /** JWKS of payments-service, to verify customers' bearer tokens (comments). */
    PAYMENTS_JWKS_URL: optionalUrl,
    /** When true, every new comment waits for a moderator (otherwise clean ones appear at once). */
    CMS_COMMENTS_REQUIRE_APPROVAL: booleanFlag.default(false),
    /** `iss` of the customers' access tokens. */
    PAYMENTS_JWT_ISSUER: z.string().min(1).default('arzpol-payments'),
    /** Shared secret of the content-changed webhook to web. */
    CMS_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /**
     * How often the comments waiting for moderators are checked against payments-service for
     * authors staff have blocked since (their comments then leave the queue).
     */
    CMS_BLOCKED_AUTHORS_CHECK_SECONDS: integerBetween(
      1,
      3600,
      'must be a number of seconds (1-3600)',
    ).default(60),
    /** Origin of web (receiver of the content-changed webhook). */
    WEB_URL: optionalUrl,
    /** Full URL of web's content-changed webhook; default `${WEB_URL}/resources/cms-webhook`. */
    CMS_WEBHOOK_URL: optionalUrl,
    /** `production` (set by infra/ only) refuses development settings: see env-production.ts. */
    APP_ENV: z
      .enum(['development', 'test', 'production'], {
        error: 'must be one of development, test, production',
      })
      .default('development'),
    // ── uploads: the local folder (default) or an S3-compatible bucket ──
    ...uploadEnvShape,
  })
  .superRefine((env, ctx) => {
    if (env.CMS_DATABASE_CLIENT === 'postgres' && !env.CMS_DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['CMS_DATABASE_URL'],
        message: 'required when CMS_DATABASE_CLIENT=postgres',
      })
    }
    if (env.CMS_ADMIN_EMAIL && !env.CMS_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['CMS_ADMIN_PASSWORD'],
        message: 'required when CMS_ADMIN_EMAIL is set',
      })
    }
    if (env.CMS_ADMIN_PASSWORD && !env.CMS_ADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['CMS_ADMIN_EMAIL'],
        message: 'required when CMS_ADMIN_PASSWORD is set',
      })
    }
  })
  .superRefine(checkUploadEnv)
  .superRefine(checkProductionProfile)
  .transform((env) => ({
    ...env,
    CMS_PUBLIC_URL: (env.CMS_PUBLIC_URL ?? `http://${env.CMS_HOST}:${env.CMS_PORT}`).replace(
      /\/+$/,
      '',
    ),
  }))

export type CmsEnv = z.infer<typeof cmsEnvSchema>

export class CmsEnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`cms: invalid environment variables:\n${issues.map((line) => `  ${line}`).join('\n')}`)
    this.name = 'CmsEnvError'
  }
}

/**
 * Parses the cms variables of `source`. Empty strings count as unset (a `NAME=` line in .env).
 * Throws a CmsEnvError naming every bad variable.
 */
export function parseCmsEnv(source: NodeJS.ProcessEnv = process.env): CmsEnv {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  const result = cmsEnvSchema.safeParse(cleaned)
  if (result.success) return result.data
  throw new CmsEnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  )
}

let reported = ''

/**
 * What the config files call. On failure it prints the message once (Strapi's own crash output
 * buries it in a stack trace) and throws, so Strapi stops before touching the database.
 */
export function loadCmsEnv(source: NodeJS.ProcessEnv = process.env): CmsEnv {
  try {
    return parseCmsEnv(source)
  } catch (error) {
    if (error instanceof CmsEnvError && error.message !== reported) {
      reported = error.message
      console.error(error.message)
    }
    throw error
  }
}

/** Absolute path of the SQLite file: relative paths are relative to the cms folder. */
export function sqliteFilename(env: CmsEnv): string {
  return path.resolve(findAppDir(), env.CMS_DATABASE_FILENAME)
}
