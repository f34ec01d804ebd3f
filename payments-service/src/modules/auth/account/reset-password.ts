import { User } from '../../../models/user.model.ts'
import type { AccountServiceDeps } from './account-deps.ts'

export type ResetResult = { kind: 'ok' } | { kind: 'bad_code' }

/** A new password for whoever proves the phone with a `reset` code; every session ends. */
export async function resetPassword(
  { db, clock, otp, passwords, sessions, throttle }: AccountServiceDeps,
  {
    phone,
    code,
    newPassword,
    clientIp,
  }: { phone: string; code: string; newPassword: string; clientIp: string | null },
): Promise<ResetResult> {
  return db.transaction(async (trx): Promise<ResetResult> => {
    if (!(await otp.consume(trx, { phone, purpose: 'reset', code, clientIp })))
      return { kind: 'bad_code' }
    const user = await User.byPhone(trx, phone)
    // Unknown phones never got an SMS; answering like a wrong code keeps them unknown.
    if (!user) return { kind: 'bad_code' }
    await User.patchById(trx, user.id, {
      password_hash: await passwords.hash(newPassword),
      password_changed_at: clock.now(),
    })
    await sessions.revokeAllForUser(trx, user.id)
    // The code proved the caller holds the phone: failed guesses (maybe someone else's)
    // stop counting against the account, so its owner can sign in at once.
    await throttle.clearAccount(trx, user)
    return { kind: 'ok' }
  })
}
