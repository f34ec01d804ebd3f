import type { AuthTokens } from '@arzpol/contracts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { User } from '../../../models/user.model.ts'
import type { AccountServiceDeps } from './account-deps.ts'

export type RegisterResult =
  { kind: 'ok'; tokens: AuthTokens } | { kind: 'bad_code' } | { kind: 'phone_taken' }

/** A new customer account for a phone whose code the caller just proved. */
export async function register(
  { db, clock, otp, passwords, sessions }: AccountServiceDeps,
  {
    phone,
    password,
    code,
    clientIp,
  }: { phone: string; password: string; code: string; clientIp: string | null },
): Promise<RegisterResult> {
  try {
    return await db.transaction(async (trx): Promise<RegisterResult> => {
      if (!(await otp.consume(trx, { phone, purpose: 'register', code, clientIp }))) {
        return { kind: 'bad_code' }
      }
      // The code proved the caller holds this phone, so saying it is taken reveals nothing
      // to a stranger; the existing account is left untouched.
      if (await User.hasPhone(trx, phone)) return { kind: 'phone_taken' }
      // Hashed only after the code checked out: a flood of bad codes costs no argon2 time.
      const user = await User.insertFetched(trx, {
        phone,
        username: phone,
        email: null,
        password_hash: await passwords.hash(password),
        role: 'customer',
        password_changed_at: clock.now(),
        last_login_at: clock.now(),
      })
      return { kind: 'ok', tokens: await sessions.issue(trx, user, { secondFactor: false }) }
    })
  } catch (error) {
    // Two registrations of one phone raced; the loser sees what a late one would.
    if (isUniqueViolation(error)) return { kind: 'phone_taken' }
    throw error
  }
}
