import type { Core } from '@strapi/strapi'

import { applyAdminLabels } from './bootstrap/admin-labels'
import { applyAdminLayouts } from './bootstrap/admin-layouts'
import { ensureAdminRoles } from './bootstrap/admin-roles'
import { ensureAdminUser } from './bootstrap/admin-user'
import { grantPublicPermissions } from './bootstrap/public-permissions'
import { ensureWebWebhook } from './bootstrap/web-webhook'
import { requireCoverAlt } from './blog/cover-alt'
import { replaceUntitledSlug } from './blog/untitled-slug'
import { watchBlockedAuthors } from './comments/blocked-authors'
import { auditModeration } from './comments/moderation-audit'
import { loadCmsEnv } from './env'
import { guardContentApiRoutes } from './public-api/query-guard'
import { seedContent } from './seed'

let stopWatchingBlockedAuthors = () => {}

export default {
  /** Runs before the app is initialised (extend code: document middlewares, custom fields). */
  register({ strapi }: { strapi: Core.Strapi }) {
    // Before Strapi builds its router: every content-API route validates its query first.
    guardContentApiRoutes(strapi)
    // Before any request: a moderator's decision is recorded before it is taken.
    auditModeration(strapi, loadCmsEnv())
    // A post goes live only with a described cover, and never at the slug of an untitled post.
    requireCoverAlt(strapi)
    replaceUntitledSlug(strapi)
  },

  /** Runs once the database is ready, before the server starts listening. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const env = loadCmsEnv()
    await ensureAdminUser(strapi, env)
    await ensureAdminRoles(strapi)
    await applyAdminLayouts(strapi)
    await applyAdminLabels(strapi)
    await grantPublicPermissions(strapi)
    if (env.CMS_SEED) await seedContent(strapi)
    // After the seed, so the first start does not send web one webhook per seeded entry.
    await ensureWebWebhook(strapi, env)
    stopWatchingBlockedAuthors = watchBlockedAuthors(strapi, env)
  },

  destroy() {
    stopWatchingBlockedAuthors()
  },
}
