import { describe, expect, it } from 'vitest'
import { identityStatus } from './fake-identity.test-support.ts'
import type { IdentityStatus } from './identity-schemas.ts'
import { identitySteps } from './identity-steps.ts'

/** The verification steps' states, from the status payments-service answers. */

const statusOf = (level: number, level2: Partial<IdentityStatus['level2']> = {}) => {
  const base = identityStatus(level) as unknown as IdentityStatus
  return { ...base, level2: { ...base.level2, ...level2 } }
}
const states = (status: IdentityStatus, cards = 0) =>
  identitySteps(status, cards).map((step) => step.state)

describe('identity steps', () => {
  it('starts with level 1; everything after it waits', () => {
    expect(states(statusOf(0))).toEqual(['current', 'locked', 'locked', 'locked'])
  })

  it('opens the card and the photos once level 1 is done', () => {
    expect(states(statusOf(1))).toEqual(['done', 'current', 'current', 'locked'])
    expect(states(statusOf(1), 1)).toEqual(['done', 'done', 'current', 'locked'])
  })

  it('waits for staff once both photos are in, and asks again after a rejection', () => {
    const inReview = statusOf(1, { status: 'pending', missing: [] })
    const rejected = statusOf(1, { status: 'rejected', missing: [], reason: 'تار' })
    expect(states(inReview, 1)).toEqual(['done', 'done', 'done', 'waiting'])
    expect(states(rejected, 1)).toEqual(['done', 'done', 'current', 'current'])
  })

  it('is complete at level 2', () => {
    const approved = statusOf(2, { status: 'approved', missing: [] })
    expect(states(approved, 1)).toEqual(['done', 'done', 'done', 'done'])
  })
})
