import { slugFromTitle, type UniqueSlugs } from '../../blog/post-slug'

const POST_UID = 'api::post.post'

interface UidParams {
  contentTypeUID: string
  field: string
  data: Record<string, unknown>
  locale?: string
}

interface UidService extends UniqueSlugs {
  generateUIDField(params: UidParams): Promise<string>
}

type UidFactory = (context: { strapi: unknown }) => UidService

/**
 * The admin's slug of a post comes from its title in the title's language (blog/post-slug.ts):
 * `راهنمای-پرداخت-هزینه-آزمون-toefl`, not a transliteration. Everything else keeps Strapi's own.
 */
export default (plugin: { services: Record<string, unknown> }) => {
  const strapiUid = plugin.services.uid as UidFactory
  plugin.services.uid = (context: { strapi: unknown }): UidService => {
    const service = strapiUid(context)
    return {
      ...service,
      async generateUIDField(params: UidParams) {
        const title = params.data?.title
        const slug = typeof title === 'string' ? slugFromTitle(title) : ''
        if (params.contentTypeUID !== POST_UID || params.field !== 'slug' || !slug) {
          return service.generateUIDField(params)
        }
        const { contentTypeUID, field, locale } = params
        return service.findUniqueUID({ contentTypeUID, field, value: slug, locale })
      },
    }
  }
  return plugin
}
