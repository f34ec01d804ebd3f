import type { Core } from '@strapi/strapi'

import type { CmsEnv } from '../env'

interface AdminUserService {
  exists(attributes?: Record<string, unknown>): Promise<boolean>
  createFirstAdmin(attributes: {
    email: string
    password: string
    firstname: string
  }): Promise<{ id: number; email: string }>
}

export type AdminUserOutcome = 'created' | 'exists' | 'not-configured'

/**
 * Creates the first super-admin from CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD when both are set and the
 * database has no admin user yet, so a fresh install needs no registration form. Does nothing on
 * later starts (and never changes an existing user's password).
 */
export async function ensureAdminUser(strapi: Core.Strapi, env: CmsEnv): Promise<AdminUserOutcome> {
  if (!env.CMS_ADMIN_EMAIL || !env.CMS_ADMIN_PASSWORD) return 'not-configured'
  const users = strapi.service('admin::user') as unknown as AdminUserService
  if (await users.exists()) return 'exists'
  const email = env.CMS_ADMIN_EMAIL.toLowerCase()
  // createFirstAdmin gives the user the super-admin role inside a transaction that re-checks that
  // no admin exists, so two instances starting at once cannot both create one.
  await users.createFirstAdmin({
    email,
    password: env.CMS_ADMIN_PASSWORD,
    firstname: env.CMS_ADMIN_FIRSTNAME,
  })
  strapi.log.info(`Strapi admin created: ${email}`)
  return 'created'
}
