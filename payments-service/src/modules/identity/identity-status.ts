import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import type { User } from '../../models/user.model.ts'
import { LEVEL_STEPS } from '@arzpol/contracts/identity/customer'
import { maskNationalCode } from '@arzpol/contracts/identity/national-code'
import type { IdentityServiceDeps } from './identity-deps.ts'
import { level2Of } from './level2/status.ts'
import { levelLimits, nextLevelOf } from './levels.ts'
import { remainingOf, standingOf, usageOf } from './limits.ts'

/**
 * What `GET /api/me/identity/` shows: the level, the level-1 data with the national code masked,
 * the limits with what was used and what remains, level 2's request, and the next level.
 */
export async function identityStatus(deps: Pick<IdentityServiceDeps, 'db' | 'clock'>, user: User) {
  const { db, clock } = deps
  const now = clock.now()
  const [identity, standing, level2] = await Promise.all([
    CustomerIdentity.of(db, user.id),
    standingOf(db, user.id, now),
    level2Of(db, user.id),
  ])
  const next = nextLevelOf(standing.level)
  const limitsOf = ({ per_order_irr, per_day_irr, per_month_irr }: typeof standing.limits) => ({
    per_order_irr,
    per_day_irr,
    per_month_irr,
  })
  return {
    level: standing.level,
    identity: identity
      ? {
          first_name: identity.first_name,
          last_name: identity.last_name,
          national_code: maskNationalCode(identity.national_code),
          birth_date: identity.birth_date_jalali,
          verified_at: identity.level1_at.toISOString(),
        }
      : null,
    limits: { ...limitsOf(standing.limits), ...remainingOf(standing), ...usageOf(standing) },
    level2,
    next_level:
      next === null
        ? null
        : {
            level: next,
            steps: LEVEL_STEPS[next],
            limits: limitsOf(await levelLimits(db, next)),
            // Level 1 is taken here at once; level 2 by uploading documents (staff review).
            available: true,
          },
  }
}
