import type { Core } from '@strapi/strapi'

/**
 * What anonymous visitors may read through the REST API (users-permissions' `public` role). Granted
 * in code at every start so a fresh database is immediately usable and the list is reviewable here.
 * Comments are readable but filtered to approved ones by their controller; creating one goes
 * through the custom route that verifies the customer's payments-service token.
 */
export const PUBLIC_READ_ACTIONS: readonly string[] = [
  'api::post.post.find',
  'api::post.post.findOne',
  'api::category.category.find',
  'api::category.category.findOne',
  'api::author.author.find',
  'api::author.author.findOne',
  'api::comment.comment.find',
  'api::comment.comment.findOne',
  'api::terms-version.terms-version.find',
  'api::terms-version.terms-version.findOne',
  'api::service-page.service-page.find',
  'api::service-page.service-page.findOne',
  'api::tier-page.tier-page.find',
  'api::tier-page.tier-page.findOne',
  'api::landing-page.landing-page.find',
  'api::about-page.about-page.find',
  'api::site-setting.site-setting.find',
]

/** Adds the missing public permissions; returns the actions it added. */
export async function grantPublicPermissions(strapi: Core.Strapi): Promise<string[]> {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } })
  if (!role) throw new Error('users-permissions public role not found')
  const permissions = strapi.db.query('plugin::users-permissions.permission')
  const existing = await permissions.findMany({ where: { role: role.id }, select: ['action'] })
  const have = new Set(existing.map((permission: { action: string }) => permission.action))
  const missing = PUBLIC_READ_ACTIONS.filter((action) => !have.has(action))
  for (const action of missing) {
    await permissions.create({ data: { action, role: role.id } })
  }
  return missing
}
