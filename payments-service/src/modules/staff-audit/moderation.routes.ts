import type { Knex } from 'knex'
import { MODERATION_AUDIT_PATH, ModerationNotice } from '@arzpol/contracts/moderation-audit'
import { requireBearer } from '../../http/internal-auth.ts'
import type { Api } from '../../http/route.ts'
import { parseInput } from '../../http/validation.ts'
import type { Clock } from '../../lib/clock.ts'
import { appendStaffAudit } from './chain.ts'

/**
 * `POST /internal/moderation`: the cms reports a moderator's decision on a blog comment (a status
 * set, the text edited, the comment deleted) before it takes effect, and it becomes a link of the
 * staff audit chain, actor `cms`, the moderator named in the data. For the cms only: behind
 * `Authorization: Bearer CMS_WEBHOOK_SECRET` (the secret web, the cms and this service share),
 * outside the OpenAPI document and the public edge; without the secret it does not exist (404).
 */
export function registerModerationAuditRoute(
  api: Api,
  deps: { db: Knex; clock: Clock; secret: string | undefined },
): void {
  const { secret } = deps
  if (!secret) return
  api.router.post(MODERATION_AUDIT_PATH, async (ctx) => {
    requireBearer(ctx, secret, 'moderation')
    const notice = parseInput(ModerationNotice, ctx.request.body ?? {})
    await deps.db.transaction((trx) =>
      appendStaffAudit(trx, {
        actor: 'cms',
        action: 'comment_moderated',
        subject: { type: 'comment', id: notice.comment },
        data: {
          post: notice.post,
          decision: notice.decision,
          previous: notice.previous,
          reason: notice.reason,
          moderator: notice.moderator,
        },
        at: deps.clock.now(),
      }),
    )
    ctx.status = 204
  })
}
