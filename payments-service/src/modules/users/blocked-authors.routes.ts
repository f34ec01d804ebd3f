import type { Knex } from 'knex'
import { BLOCKED_AUTHORS_PATH, BlockedAuthorsQuery } from '@arzpol/contracts/moderation-audit'
import { requireBearer } from '../../http/internal-auth.ts'
import type { Api } from '../../http/route.ts'
import { parseInput } from '../../http/validation.ts'
import { User } from '../../models/user.model.ts'

/**
 * `POST /internal/blocked-authors`: the cms names the authors of the comments waiting for its
 * moderators and learns which of them staff have blocked or closed since, so that their comments
 * leave the queue (a blocked customer can no longer comment either: their sessions ended). For
 * the cms only, behind `Authorization: Bearer CMS_WEBHOOK_SECRET` like the moderation record;
 * without the secret it does not exist (404).
 */
export function registerBlockedAuthorsRoute(
  api: Api,
  deps: { db: Knex; secret: string | undefined },
): void {
  const { secret } = deps
  if (!secret) return
  api.router.post(BLOCKED_AUTHORS_PATH, async (ctx) => {
    requireBearer(ctx, secret, 'moderation')
    const { authors } = parseInput(BlockedAuthorsQuery, ctx.request.body ?? {})
    const blocked = await User.blockedAmong(deps.db, authors.map(Number))
    ctx.body = { blocked: blocked.map(String) }
  })
}
