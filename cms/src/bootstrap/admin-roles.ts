import type { Core } from '@strapi/strapi'

/** Editorial content types: everything editors manage (comments belong to moderators). */
export const EDITORIAL_TYPES = [
  'api::post.post',
  'api::category.category',
  'api::author.author',
  'api::terms-version.terms-version',
  'api::service-page.service-page',
  'api::tier-page.tier-page',
  'api::landing-page.landing-page',
  'api::about-page.about-page',
  'api::site-setting.site-setting',
] as const

const COMMENT = 'api::comment.comment'
const COMMENT_RULE = 'api::comment-rule.comment-rule'
const CM = 'plugin::content-manager.explorer'

export const EDITOR_ROLE = {
  code: 'arzpol-editor',
  name: 'ویراستار محتوا',
  description: 'Writes and publishes posts, pages, terms and site settings; uploads media.',
}
export const MODERATOR_ROLE = {
  code: 'arzpol-moderator',
  name: 'ناظر دیدگاه‌ها',
  description:
    'Reviews blog comments: approves them, marks spam, deletes; keeps the comment rules.',
}

interface Permission {
  action: string
  subject?: string | null
  properties?: { fields?: string[] }
  conditions?: string[]
}

interface RoleService {
  create(attributes: { name: string; code: string; description: string }): Promise<{ id: number }>
  assignPermissions(roleId: number, permissions: Permission[]): Promise<unknown>
}

const MEDIA_LIBRARY: Permission[] = [
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.configure-view' },
  { action: 'plugin::upload.assets.create' },
  { action: 'plugin::upload.assets.update' },
  { action: 'plugin::upload.assets.download' },
  { action: 'plugin::upload.assets.copy-link' },
]

/** Content-manager permissions with every field, as Strapi builds them for its own roles. */
function contentPermissions(strapi: Core.Strapi): Permission[] {
  const { actionProvider } = strapi.service('admin::permission') as unknown as {
    actionProvider: { values(): { section: string; actionId: string; subjects?: string[] }[] }
  }
  const contentTypes = strapi.service('admin::content-type') as unknown as {
    getPermissionsWithNestedFields(actions: unknown[]): Permission[]
  }
  const actions = actionProvider.values().filter((action) => action.section === 'contentTypes')
  return contentTypes.getPermissionsWithNestedFields(actions)
}

export function editorPermissions(all: Permission[]): Permission[] {
  const editorial: readonly string[] = EDITORIAL_TYPES
  return [...all.filter((p) => p.subject && editorial.includes(p.subject)), ...MEDIA_LIBRARY]
}

export function moderatorPermissions(all: Permission[]): Permission[] {
  const pick = (subject: string, action: string) =>
    all.filter((p) => p.subject === subject && p.action === `${CM}.${action}`)
  return [
    ...pick(COMMENT, 'read'),
    // Moderators decide the status and say why; the customer's words and identity stay as written.
    ...pick(COMMENT, 'update').map((p) => ({
      ...p,
      properties: { fields: ['moderationStatus', 'moderatorNote'] },
    })),
    ...pick(COMMENT, 'delete'),
    // The phrases that hold new comments for them: moderators see the spam first and extend them.
    ...pick(COMMENT_RULE, 'read'),
    ...pick(COMMENT_RULE, 'create'),
    ...pick(COMMENT_RULE, 'update'),
    ...pick(COMMENT_RULE, 'delete'),
    // To see which post a comment belongs to.
    ...pick('api::post.post', 'read'),
  ]
}

/**
 * The editor and moderator admin roles, created in code and their permissions re-synced at every
 * start (so new content types and fields are covered). Strapi's own Editor/Author roles stay.
 */
export async function ensureAdminRoles(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.service('admin::role') as unknown as RoleService
  const all = contentPermissions(strapi)
  const wanted = [
    { role: EDITOR_ROLE, permissions: editorPermissions(all) },
    { role: MODERATOR_ROLE, permissions: moderatorPermissions(all) },
  ]
  for (const { role, permissions } of wanted) {
    const existing = (await strapi.db
      .query('admin::role')
      .findOne({ where: { code: role.code } })) as { id: number } | null
    const { id } = existing ?? (await roles.create(role))
    await roles.assignPermissions(id, permissions)
  }
}
