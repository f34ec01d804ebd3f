import type { Knex } from 'knex'
import { User } from '../../../models/user.model.ts'
import type { LoginAttempt } from '../login-throttle.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'

/** The one place a session that passed the second factor begins: staff powers need one. */
export async function signIn(
  { clock, throttle, sessions }: SecondFactorContext,
  trx: Knex.Transaction,
  user: User,
  attempt: LoginAttempt,
) {
  await User.patchById(trx, user.id, { last_login_at: clock.now() })
  await throttle.succeeded(trx, attempt, user)
  return sessions.issue(trx, user, { secondFactor: true })
}

export const identifiersOf = (user: User) => [...new Set([user.phone, user.username])]
