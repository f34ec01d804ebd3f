import type { Core, Modules } from '@strapi/strapi'
import { errors } from '@strapi/utils'

const POST_UID = 'api::post.post'
const FILE_UID = 'plugin::upload.file'

export const COVER_ALT_MESSAGE =
  'پیش از انتشار، در کتابخانهٔ رسانه برای تصویر جلد «متن جایگزین» بنویسید: توصیف تصویر برای کسی که آن را نمی‌بیند، نه نام فایل.'

interface Upload {
  name?: string | null
  alternativeText?: string | null
}

/**
 * Whether an upload has a description of its own. Strapi fills in the file name when the editor
 * wrote none, which describes nothing (the site then draws the image as decoration only).
 */
export function hasOwnAlt(file: Upload): boolean {
  const alt = file.alternativeText?.trim() ?? ''
  const name = file.name?.trim() ?? ''
  return alt !== '' && alt !== name && alt !== name.replace(/\.[A-Za-z0-9]{1,5}$/, '')
}

/** The id of the cover an admin form or API call sets: an id, `{ id }`, or nothing. */
function coverIdOf(data: Record<string, unknown> | undefined): number | string | null {
  const cover = data?.cover
  if (typeof cover === 'number' || typeof cover === 'string') return cover
  if (cover && typeof cover === 'object' && 'id' in cover) {
    const id = (cover as { id: unknown }).id
    if (typeof id === 'number' || typeof id === 'string') return id
  }
  return null
}

async function coverOfDraft(strapi: Core.Strapi, documentId: string): Promise<Upload | null> {
  const draft = (await strapi.documents(POST_UID).findOne({
    documentId,
    status: 'draft',
    populate: { cover: true },
  })) as { cover?: Upload | null } | null
  return draft?.cover ?? null
}

/**
 * A post goes live only with a described cover (or none): publishing it, or creating or saving
 * it as published, with a cover whose alt text is missing or its file name is refused with a
 * Persian message the admin shows. Drafts may stay undescribed while the editor works.
 */
export function requireCoverAlt(strapi: Core.Strapi): void {
  const middleware: Modules.Documents.Middleware.Middleware = async (context, next) => {
    if (context.uid !== POST_UID) return next()
    const params = context.params as {
      documentId?: string
      status?: string
      data?: Record<string, unknown>
    }
    let cover: Upload | null = null
    if (context.action === 'publish' && params.documentId) {
      cover = await coverOfDraft(strapi, params.documentId)
    } else if (
      (context.action === 'create' || context.action === 'update') &&
      params.status === 'published'
    ) {
      const id = coverIdOf(params.data)
      cover = id === null ? null : await strapi.db.query(FILE_UID).findOne({ where: { id } })
    }
    if (cover && !hasOwnAlt(cover)) throw new errors.ValidationError(COVER_ALT_MESSAGE)
    return next()
  }
  strapi.documents.use(middleware)
}
