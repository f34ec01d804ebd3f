import type { Core, Modules } from '@strapi/strapi'

import { slugFromTitle, type UniqueSlugs } from './post-slug'

const POST_UID = 'api::post.post'

/**
 * Strapi's slug of a post with no title yet (`post`, `post-1`…): the admin fills the field in
 * when the form opens, before the editor types the title, and keeps it unless they press the
 * slug's regenerate button.
 */
const UNTITLED = /^post(-\d+)?$/

/** A post saved with the untitled slug gets the slug of its title instead. */
export function replaceUntitledSlug(strapi: Core.Strapi): void {
  const middleware: Modules.Documents.Middleware.Middleware = async (context, next) => {
    if (context.uid !== POST_UID) return next()
    if (context.action !== 'create' && context.action !== 'update') return next()
    const params = context.params as { data?: Record<string, unknown>; locale?: string }
    const { slug, title } = params.data ?? {}
    const fromTitle = typeof title === 'string' ? slugFromTitle(title) : ''
    if (typeof slug === 'string' && UNTITLED.test(slug) && fromTitle && params.data) {
      const uid = strapi.plugin('content-manager').service('uid') as unknown as UniqueSlugs
      params.data.slug = await uid.findUniqueUID({
        contentTypeUID: POST_UID,
        field: 'slug',
        value: fromTitle,
        ...(params.locale ? { locale: params.locale } : {}),
      })
    }
    return next()
  }
  strapi.documents.use(middleware)
}
