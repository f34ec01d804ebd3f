import { factories, type UID } from '@strapi/strapi'

import { defaultPopulate } from './default-populate'

/**
 * The core router of a content type whose reads (`find`, and `findOne` where the type has one)
 * populate these fields unless the caller asks for its own populate (see defaultPopulate).
 * Strapi reads a route's config by its name, so a single type simply has no `findOne` to use.
 */
export function populatedRouter<T extends UID.ContentType>(
  uid: T,
  populate: Record<string, unknown>,
  options: { only?: string[] } = {},
) {
  const read = { middlewares: [defaultPopulate(populate)] }
  return factories.createCoreRouter(uid, { ...options, config: { find: read, findOne: read } })
}
