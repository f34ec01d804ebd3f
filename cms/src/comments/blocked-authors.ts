import type { Core } from '@strapi/strapi'
import { z } from 'zod'

import type { CmsEnv } from '../env'
import { COMMENT_UID } from './moderation-audit'
import { paymentsInternalUrl, postInternal } from './payments-internal'

/**
 * Comments of customers whom staff have blocked (or whose account was closed) in payments-service
 * leave the moderators' queue: hidden, with the reason on the comment. The cms asks, every
 * `CMS_BLOCKED_AUTHORS_CHECK_SECONDS`, which authors of the waiting comments are blocked; it
 * already calls payments-service (keys, sessions, the moderation record), while payments-service
 * knows no address of the cms. Their approved comments stay: those a moderator already judged.
 * A blocked customer cannot add more, as their sessions ended with the block.
 */

/** `spamReason` of a comment taken out of the queue because its author was blocked. */
export const AUTHOR_BLOCKED = 'author-blocked'

/** What payments-service takes in one question (its limit). */
const AUTHORS_PER_QUESTION = 500
const AUTHOR_ID = /^[1-9]\d{0,17}$/

const BlockedAuthorsAnswer = z.object({ blocked: z.array(z.string()) })

/** Where payments-service answers which authors are blocked. */
export const blockedAuthorsUrl = (env: Pick<CmsEnv, 'PAYMENTS_JWKS_URL'>) =>
  paymentsInternalUrl(env, '/internal/blocked-authors')

async function askBlocked(url: string, secret: string, authors: string[]): Promise<string[]> {
  const response = await postInternal(url, secret, { authors })
  if (response.status !== 200) {
    await response.body?.cancel()
    throw new Error(`payments-service answered ${response.status}`)
  }
  const asked = new Set(authors)
  return BlockedAuthorsAnswer.parse(await response.json()).blocked.filter((id) => asked.has(id))
}

/** One pass over the queue; answers how many waiting comments it hid. */
export async function withdrawBlockedAuthors(
  strapi: Core.Strapi,
  question: { url: string; secret: string },
): Promise<number> {
  const waiting = (await strapi.db.query(COMMENT_UID).findMany({
    where: { moderationStatus: 'pending' },
    select: ['authorId'],
  })) as Array<{ authorId: string }>
  const authors = [...new Set(waiting.map((comment) => comment.authorId))].filter((id) =>
    AUTHOR_ID.test(id),
  )
  let hidden = 0
  for (let start = 0; start < authors.length; start += AUTHORS_PER_QUESTION) {
    const page = authors.slice(start, start + AUTHORS_PER_QUESTION)
    const blocked = await askBlocked(question.url, question.secret, page)
    if (blocked.length === 0) continue
    // The whole row's query, not the document service: no moderator decides this (the block
    // itself is in the staff audit chain), so nothing is reported as a moderator's decision.
    const { count } = await strapi.db.query(COMMENT_UID).updateMany({
      where: { moderationStatus: 'pending', authorId: { $in: blocked } },
      data: { moderationStatus: 'spam', spamReason: AUTHOR_BLOCKED },
    })
    hidden += count
  }
  return hidden
}

/**
 * Starts the periodic check (in `bootstrap`); answers how to stop it (in `destroy`). Without
 * payments-service's address or the shared secret (a cms run alone) there is nothing to ask.
 */
export function watchBlockedAuthors(strapi: Core.Strapi, env: CmsEnv): () => void {
  const url = blockedAuthorsUrl(env)
  const secret = env.CMS_WEBHOOK_SECRET
  if (!url || !secret) return () => {}
  let running = false
  const check = async () => {
    if (running) return
    running = true
    try {
      const hidden = await withdrawBlockedAuthors(strapi, { url, secret })
      if (hidden > 0) {
        strapi.log.info(`blocked authors: ${hidden} waiting comment(s) left the queue`)
      }
    } catch (error) {
      strapi.log.warn(`blocked authors: not checked this time: ${String(error)}`)
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void check(), env.CMS_BLOCKED_AUTHORS_CHECK_SECONDS * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
