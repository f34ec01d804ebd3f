import type { KeyObject } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { CredentialVault } from '../../../lib/credential-vault.ts'
import type { LoginThrottle } from '../login-throttle.ts'
import type { SessionService } from '../session.service.ts'
import type { ChallengeSigner } from './challenge-signer.ts'
import type { RecoveryCodeHasher } from './recovery-codes.ts'

// Kept apart from second-factor.ts, which imports the use cases, so that they can name these
// types without an import cycle.

export interface SecondFactorDeps {
  db: Knex
  clock: Clock
  logger: Logger
  signingKey: KeyObject
  vault: CredentialVault
  throttle: LoginThrottle
  sessions: SessionService
}

/**
 * What the second factor's use cases run on: the service's deps, plus the challenge signer and
 * the recovery code hasher, each built once from the signing key by `createSecondFactorService`.
 */
export type SecondFactorContext = SecondFactorDeps & {
  signer: ChallengeSigner
  recoveryCodes: RecoveryCodeHasher
}
