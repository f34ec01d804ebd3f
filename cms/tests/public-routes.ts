import type { Core, UID } from '@strapi/strapi'

/**
 * The path of a public read action (`api::post.post.find` → `/api/posts`, `…findOne` →
 * `/api/posts/<id>`, a single type's `find` → `/api/landing-page`), from the content type's own
 * names, so the tests follow the list in src/bootstrap/public-permissions.ts.
 */
export function publicReadPath(strapi: Core.Strapi, action: string, id: string): string {
  const uid = action.slice(0, action.lastIndexOf('.')) as UID.ContentType
  const name = action.slice(action.lastIndexOf('.') + 1)
  const contentType = strapi.contentType(uid)
  if (contentType.kind === 'singleType') return `/api/${contentType.info.singularName}`
  const collection = `/api/${contentType.info.pluralName}`
  return name === 'findOne' ? `${collection}/${id}` : collection
}
