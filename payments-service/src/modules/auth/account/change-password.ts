import type { AuthTokens } from '@arzpol/contracts'
import { User } from '../../../models/user.model.ts'
import type { AccountServiceDeps } from './account-deps.ts'

export type ChangeResult =
  | { kind: 'ok'; tokens: AuthTokens }
  | { kind: 'bad_password' }
  /** The session that asked ended while the password was being checked (a logout, a block). */
  | { kind: 'session_ended' }

class SessionEnded extends Error {}

/** The signed-in owner sets a new password with the current one; other sessions end. */
export async function changePassword(
  { db, clock, passwords, sessions, throttle }: AccountServiceDeps,
  {
    user,
    sessionId,
    oldPassword,
    newPassword,
    clientIp,
  }: {
    user: User
    sessionId: string
    oldPassword: string
    newPassword: string
    clientIp: string | null
  },
): Promise<ChangeResult> {
  const attempt = await throttle.begin({
    identifiers: [...new Set([user.phone, user.username])],
    clientIp,
  })
  if (!(await passwords.verify(user.password_hash, oldPassword))) {
    return { kind: 'bad_password' }
  }
  const hash = await passwords.hash(newPassword)
  try {
    return await db.transaction(async (trx): Promise<ChangeResult> => {
      const stored = await User.patchFetchedById(trx, user.id, {
        password_hash: hash,
        password_changed_at: clock.now(),
      })
      // Whoever else signed in with the old password is out at once, access tokens too.
      await sessions.revokeAllForUser(trx, user.id, { except: sessionId })
      await throttle.succeeded(trx, attempt, user)
      // After the change, so the new access token is not older than it. `stored`, not
      // `user`: the request may act without its staff role (auth middleware), and a token
      // names the account's own role.
      const tokens = await sessions.renew(trx, stored, sessionId)
      if (!tokens) throw new SessionEnded()
      return { kind: 'ok', tokens }
    })
  } catch (error) {
    // Rolled back: the password stays what it was.
    if (error instanceof SessionEnded) return { kind: 'session_ended' }
    throw error
  }
}
