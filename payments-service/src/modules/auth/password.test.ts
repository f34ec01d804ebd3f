import { describe, expect, it } from 'vitest'
import { interleavedMedians } from '../../test/timing.ts'
import { createPasswordHasher, DEFAULT_ARGON2_PARAMS } from './password.ts'

describe('password hashing', () => {
  const hasher = createPasswordHasher()

  it('uses argon2id with the production parameters (19 MiB, t=2, p=1)', async () => {
    expect(DEFAULT_ARGON2_PARAMS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    const hash = await hasher.hash('correct horse 1')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(await hasher.verify(hash, 'correct horse 1')).toBe(true)
    expect(await hasher.verify(hash, 'correct horse 2')).toBe(false)
    expect(hasher.needsRehash(hash)).toBe(false)
  })

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false)
  })

  it('flags hashes made with weaker parameters for rehashing', async () => {
    const weak = await createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }).hash(
      'x',
    )
    expect(hasher.needsRehash(weak)).toBe(true)
  })

  it('spends about as long on a dummy check as on a real one', async () => {
    const hash = await hasher.hash('secret-password')
    await hasher.verifyDummy('warm-up')
    const [real, dummy] = await interleavedMedians(
      () => hasher.verify(hash, 'wrong-password'),
      () => hasher.verifyDummy('wrong-password'),
    )
    expect(dummy / real).toBeGreaterThan(0.5)
    expect(dummy / real).toBeLessThan(2)
  })
})
