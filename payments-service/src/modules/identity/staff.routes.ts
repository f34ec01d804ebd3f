import { RIALS_PER_TOMAN } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { ok, reply, type Api } from '../../http/route.ts'
import { adminRoutes, staffRoutes } from '../../http/staff-routes.ts'
import type { Clock } from '../../lib/clock.ts'
import { allLevelLimits, setLevelLimits, type LevelLimitsRow } from './levels.ts'
import { LevelLimitsBody, LevelLimitsOut } from '@arzpol/contracts/identity/staff'
import type { IdentityService } from './identity.service.ts'
import { registerIdentityReviewRoutes } from './review.routes.ts'

const toToman = (rials: number) => Math.floor(rials / RIALS_PER_TOMAN)

const levelsBody = (rows: LevelLimitsRow[]) => ({
  levels: rows.map((row) => ({
    level: row.level,
    per_order_toman: toToman(row.per_order_irr),
    per_day_toman: toToman(row.per_day_irr),
    per_month_toman: toToman(row.per_month_irr),
    updated_at: row.updated_at ? row.updated_at.toISOString() : null,
    updated_by: row.updated_by,
  })),
})

/** Limits per identity level (ADR 022): staff read them, admins change them (audited). */
export function registerStaffIdentityRoutes(
  api: Api,
  deps: { db: Knex; clock: Clock; identity: IdentityService },
) {
  registerIdentityReviewRoutes(api, deps.identity)
  const staff = staffRoutes(api)
  const admin = adminRoutes(api)

  staff.get('/api/staff/identity-levels/', {
    operationId: 'staff_identity_levels',
    summary: 'Limits of each identity level (toman)',
    responses: ok('Limits per level', LevelLimitsOut),
    handler: async () => reply(200, levelsBody(await allLevelLimits(deps.db))),
  })

  admin.put('/api/staff/identity-levels/', {
    operationId: 'staff_identity_levels_update',
    summary: "Set one identity level's limits (admin, toman, audited)",
    description:
      'Per order ≤ per day ≤ per month (400), and the level stays between the one under it and the one over it (409 `level_order`). Stored in rials; orders already placed are not touched.',
    body: LevelLimitsBody,
    responses: ok('Limits per level', LevelLimitsOut),
    errors: [409],
    handler: async (_ctx, { body, user }) => {
      const limits = {
        level: body.level,
        per_order_irr: body.per_order_toman * RIALS_PER_TOMAN,
        per_day_irr: body.per_day_toman * RIALS_PER_TOMAN,
        per_month_irr: body.per_month_toman * RIALS_PER_TOMAN,
      }
      return reply(200, levelsBody(await setLevelLimits(deps.db, user, limits, deps.clock.now())))
    },
  })
}
