import type { AuthTokens } from '@arzpol/contracts'
import { User } from '../../../models/user.model.ts'
import { needsSecondFactor } from '../second-factor.ts'
import type { AccountServiceDeps } from './account-deps.ts'

export type LoginResult =
  | { kind: 'ok'; tokens: AuthTokens }
  | { kind: 'bad_credentials' }
  | { kind: 'blocked' }
  | { kind: 'second_factor'; enrolled: boolean; challenge: string; expiresIn: number }

/** A sign-in with a password: tokens for a customer, a second factor's challenge for staff. */
export async function login(
  { db, clock, passwords, sessions, throttle, secondFactor }: AccountServiceDeps,
  {
    identifiers,
    password,
    clientIp,
  }: { identifiers: string[]; password: string; clientIp: string | null },
): Promise<LoginResult> {
  // Before the user lookup and argon2: refusing costs little and says nothing about the
  // account. From here on the attempt counts as a failure unless the password proves right.
  const attempt = await throttle.begin({ identifiers, clientIp })
  const candidates = await User.signingInAs(db, identifiers)
  // A phone match wins over a username that happens to look like someone's phone.
  const user =
    candidates.find((found) => found.phone === identifiers[0]) ??
    candidates.find((found) => identifiers.includes(found.phone)) ??
    candidates[0]
  if (!user) {
    await passwords.verifyDummy(password)
    return { kind: 'bad_credentials' }
  }
  if (!(await passwords.verify(user.password_hash, password))) {
    return { kind: 'bad_credentials' }
  }
  // Told only to someone who knows the password, so it leaks nothing to a guesser.
  if (user.isBlocked) {
    await throttle.notAFailure(db, attempt)
    return { kind: 'blocked' }
  }

  const patch: Partial<User> = { last_login_at: clock.now() }
  if (passwords.needsRehash(user.password_hash)) {
    patch.password_hash = await passwords.hash(password)
  }
  if (needsSecondFactor(user)) {
    // The password was right, but this is not a sign-in yet: no tokens, and the account's
    // failures (wrong codes among them) keep counting until the second factor succeeds.
    await throttle.notAFailure(db, attempt)
    if (patch.password_hash) {
      await User.patchById(db, user.id, { password_hash: patch.password_hash })
    }
    return { kind: 'second_factor', ...(await secondFactor.challengeFor(user)) }
  }
  return db.transaction(async (trx) => {
    await User.patchById(trx, user.id, patch)
    await throttle.succeeded(trx, attempt, user)
    // A password alone: staff never get here (above), and a customer's session stays one
    // without the second factor even if the account is promoted later.
    return {
      kind: 'ok' as const,
      tokens: await sessions.issue(trx, user, { secondFactor: false }),
    }
  })
}
