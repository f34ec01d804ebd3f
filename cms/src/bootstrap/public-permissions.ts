import type { Core } from '@strapi/strapi'

/**
 * What anonymous visitors may do through the REST API (users-permissions' `public` role), and
 * nothing else. Set in code at every start so a fresh database is immediately usable and the list
 * is reviewable here.
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

/**
 * Makes the public role's permissions exactly PUBLIC_READ_ACTIONS: adds the missing ones and
 * removes any other. users-permissions gives the public role its own account routes on a new
 * database (register, log in, forgot password, email confirmation): nobody here has a Strapi
 * account to use them (customers sign in with payments-service, editors in the admin), and open,
 * they let anyone create accounts and have the cms send password emails (ADR 036).
 * Returns the actions it added and removed.
 */
export async function grantPublicPermissions(
  strapi: Core.Strapi,
): Promise<{ added: string[]; removed: string[] }> {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } })
  if (!role) throw new Error('users-permissions public role not found')
  const permissions = strapi.db.query('plugin::users-permissions.permission')
  const existing = (await permissions.findMany({
    where: { role: role.id },
    select: ['id', 'action'],
  })) as { id: number; action: string }[]
  const have = new Set(existing.map((permission) => permission.action))
  const added = PUBLIC_READ_ACTIONS.filter((action) => !have.has(action))
  for (const action of added) {
    await permissions.create({ data: { action, role: role.id } })
  }
  const extra = existing.filter((permission) => !PUBLIC_READ_ACTIONS.includes(permission.action))
  if (extra.length) {
    await permissions.deleteMany({
      where: { id: { $in: extra.map((permission) => permission.id) } },
    })
  }
  return { added, removed: extra.map((permission) => permission.action) }
}
