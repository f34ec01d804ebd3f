import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

export interface Argon2Params {
  memoryCost: number
  timeCost: number
  parallelism: number
}

/**
 * OWASP's first argon2id option (19 MiB, 2 passes, 1 lane). About 28 ms per hash on our 2-core
 * machines: slow enough to make offline guessing expensive, fast enough that a login stays
 * well under the 100 ms people notice.
 */
export const DEFAULT_ARGON2_PARAMS: Argon2Params = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export interface PasswordHasher {
  readonly params: Argon2Params
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
  /** Costs as much as a real `verify`, so an unknown phone answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<void>
  needsRehash(hash: string): boolean
}

export function createPasswordHasher(params: Argon2Params = DEFAULT_ARGON2_PARAMS): PasswordHasher {
  const options: argon2.HashOptions = { type: argon2.argon2id, ...params }
  let dummy: Promise<string> | undefined

  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password)
    } catch {
      // A malformed stored hash must read as "wrong password", not as a 500.
      return false
    }
  }

  return {
    params,
    hash: (password) => argon2.hash(password, options),
    verify,
    async verifyDummy(password) {
      dummy ??= argon2.hash(randomBytes(16).toString('hex'), options)
      await verify(await dummy, password)
    },
    needsRehash: (hash) => argon2.needsRehash(hash, params),
  }
}
