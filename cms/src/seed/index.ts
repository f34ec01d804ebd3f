import type { Core } from '@strapi/strapi'

import { maskPhone } from '../comments/author'
import { blocks } from './blocks'
import { AUTHORS, CATEGORIES, POSTS } from './data/blog'
import { ABOUT_PAGE, LANDING_PAGE, SITE_SETTINGS } from './data/pages'
import { SERVICE_PAGES } from './data/service-pages'
import { TERMS_V1 } from './data/terms'
import { TIER_PAGES } from './data/tier-pages'

/** Bump when new seed content must reach databases that were seeded before. */
export const SEED_VERSION = 1

export type SeedOutcome = 'seeded' | 'already-seeded'

type Data = Record<string, unknown>
type Uid = Parameters<Core.Strapi['documents']>[0]

/**
 * First-run content: a fresh install looks like a finished site. The flag lives in Strapi's core
 * store; each item is also looked up by its slug (or, for single types, by existence) before it is
 * created, and everything runs in one transaction, so a failed or repeated run never duplicates.
 */
export async function seedContent(strapi: Core.Strapi): Promise<SeedOutcome> {
  const store = strapi.store({ type: 'core', name: 'arzpol' })
  const done = (await store.get({ key: 'seed' })) as { version?: number } | null
  if (done?.version !== undefined && done.version >= SEED_VERSION) return 'already-seeded'

  const started = Date.now()
  await strapi.db.transaction(async () => {
    await seedBlog(strapi)
    await ensure(strapi, 'api::terms-version.terms-version', { version: TERMS_V1.version }, () => ({
      ...TERMS_V1,
      sections: TERMS_V1.sections.map((section) => ({ ...section, body: blocks(section.body) })),
    }))
    for (const page of SERVICE_PAGES) {
      await ensure(strapi, 'api::service-page.service-page', { slug: page.slug }, () => ({
        ...page,
      }))
    }
    for (const page of TIER_PAGES) {
      await ensure(strapi, 'api::tier-page.tier-page', { slug: page.slug }, () => ({ ...page }))
    }
    await ensureSingle(strapi, 'api::landing-page.landing-page', LANDING_PAGE)
    await ensureSingle(strapi, 'api::about-page.about-page', ABOUT_PAGE)
    await ensureSingle(strapi, 'api::site-setting.site-setting', SITE_SETTINGS)
  })
  await store.set({ key: 'seed', value: { version: SEED_VERSION, at: new Date().toISOString() } })
  strapi.log.info(`Seed content created (v${SEED_VERSION}) in ${Date.now() - started} ms`)
  return 'seeded'
}

function hasDraftAndPublish(strapi: Core.Strapi, uid: Uid): boolean {
  return strapi.getModel(uid)?.options?.draftAndPublish === true
}

/** The document matching `filters`, created (and published, if the type has drafts) if missing. */
async function ensure(
  strapi: Core.Strapi,
  uid: Uid,
  filters: Record<string, string>,
  data: () => Data,
): Promise<{ documentId: string; created: boolean }> {
  const documents = strapi.documents(uid)
  const existing = await documents.findFirst({ filters })
  if (existing) return { documentId: existing.documentId, created: false }
  const status = hasDraftAndPublish(strapi, uid) ? 'published' : undefined
  const created = await documents.create({ data: data(), status })
  return { documentId: created.documentId, created: true }
}

async function ensureSingle(strapi: Core.Strapi, uid: Uid, data: object): Promise<void> {
  await ensure(strapi, uid, {}, () => ({ ...data }))
}

/** Each entry, found or created by its slug; their document ids by slug. */
async function ensureEachBySlug(
  strapi: Core.Strapi,
  uid: Uid,
  entries: readonly { slug: string }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const entry of entries) {
    const { documentId } = await ensure(strapi, uid, { slug: entry.slug }, () => ({ ...entry }))
    ids.set(entry.slug, documentId)
  }
  return ids
}

async function seedBlog(strapi: Core.Strapi): Promise<void> {
  const categoryIds = await ensureEachBySlug(strapi, 'api::category.category', CATEGORIES)
  const authorIds = await ensureEachBySlug(strapi, 'api::author.author', AUTHORS)
  for (const post of POSTS) {
    const { documentId, created } = await ensure(
      strapi,
      'api::post.post',
      { slug: post.slug },
      () => ({
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: blocks(post.content),
        date: post.date,
        category: categoryIds.get(post.category),
        author: authorIds.get(post.author),
        seo: { metaTitle: post.title.slice(0, 60), metaDescription: post.excerpt.slice(0, 160) },
      }),
    )
    if (!created) continue
    for (const comment of post.comments) {
      const saved = await strapi.documents('api::comment.comment').create({
        data: {
          post: documentId,
          content: comment.content,
          authorId: `seed-${comment.username}`,
          authorUsername: comment.username,
          authorPhone: maskPhone(comment.phone),
          moderationStatus: comment.status,
          spamReason: comment.status === 'spam' ? 'links' : undefined,
        },
      })
      // Realistic dates: comments arrive some hours after the post.
      const createdAt = new Date(Date.parse(post.date) + comment.afterHours * 3_600_000)
      await strapi.db
        .query('api::comment.comment')
        .update({ where: { id: saved.id }, data: { createdAt, updatedAt: createdAt } })
    }
  }
}
