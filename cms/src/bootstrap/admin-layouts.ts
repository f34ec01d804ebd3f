import type { Core } from '@strapi/strapi'

/** Bump to apply changed layouts again (they are applied once: editors may rearrange them). */
export const ADMIN_LAYOUTS_VERSION = 2

interface ListLayout {
  /** The field that names an entry (edit view title, relation pickers). */
  mainField: string
  list: string[]
  sortBy: string
  sortOrder: 'ASC' | 'DESC'
}

/** Columns of the content-manager list views where Strapi's defaults are unhelpful. */
export const LIST_LAYOUTS: Record<string, ListLayout> = {
  'api::comment.comment': {
    mainField: 'authorUsername',
    // heldReason: why screening held it (ADR 036), what the moderator decides on.
    list: [
      'id',
      'moderationStatus',
      'content',
      'authorUsername',
      'heldReason',
      'post',
      'createdAt',
    ],
    sortBy: 'createdAt',
    sortOrder: 'DESC',
  },
  'api::post.post': {
    mainField: 'title',
    list: ['id', 'title', 'category', 'author', 'date'],
    sortBy: 'date',
    sortOrder: 'DESC',
  },
}

interface Configuration {
  settings: Record<string, unknown>
  metadatas: Record<string, unknown>
  layouts: Record<string, unknown>
}

interface ContentTypesService {
  findContentType(uid: string): unknown
  findConfiguration(contentType: unknown): Promise<Configuration>
  updateConfiguration(contentType: unknown, configuration: Configuration): Promise<unknown>
}

/** Moderators see status, text and author first; posts sort by publication date. Once only. */
export async function applyAdminLayouts(strapi: Core.Strapi): Promise<boolean> {
  const store = strapi.store({ type: 'core', name: 'arzpol' })
  if ((await store.get({ key: 'admin-layouts' })) === ADMIN_LAYOUTS_VERSION) return false
  const service = strapi
    .plugin('content-manager')
    .service('content-types') as unknown as ContentTypesService
  for (const [uid, layout] of Object.entries(LIST_LAYOUTS)) {
    const contentType = service.findContentType(uid)
    const { settings, metadatas, layouts } = await service.findConfiguration(contentType)
    await service.updateConfiguration(contentType, {
      settings: {
        ...settings,
        mainField: layout.mainField,
        defaultSortBy: layout.sortBy,
        defaultSortOrder: layout.sortOrder,
      },
      metadatas,
      layouts: { ...layouts, list: layout.list },
    })
  }
  await store.set({ key: 'admin-layouts', value: ADMIN_LAYOUTS_VERSION })
  return true
}
