import { describe, expect, it } from 'vitest'
import {
  canTransition,
  sourcesOf,
  STAGES,
  statusOf,
  TRANSITIONS,
  type Flow,
  type Stage,
} from './state-machine.ts'

/** The whole table written out once more, by hand: any change to the code must change this. */
const ALLOWED: Record<Flow, string[]> = {
  gateway: [
    'awaiting_payment → paid',
    'awaiting_payment → payment_failed',
    'awaiting_payment → expired',
    'awaiting_payment → cancelled',
    'awaiting_payment → rejected',
    'paid → in_progress',
    'paid → refunded',
    'in_progress → done',
    'in_progress → refunded',
  ],
  payout: [
    'awaiting_payment → expired',
    'awaiting_payment → cancelled',
    'awaiting_payment → rejected',
    'awaiting_payment → in_progress',
    'awaiting_payment → awaiting_payout_details',
    'awaiting_payout_details → in_progress',
    'awaiting_payout_details → cancelled',
    'awaiting_payout_details → rejected',
    'in_progress → done',
    'in_progress → rejected',
  ],
}

const TERMINAL: Stage[] = ['done', 'payment_failed', 'expired', 'rejected', 'cancelled', 'refunded']

describe('order state machine', () => {
  for (const flow of ['gateway', 'payout'] as const) {
    describe(`${flow} flow`, () => {
      for (const from of STAGES) {
        for (const to of STAGES) {
          const edge = `${from} → ${to}`
          const expected = ALLOWED[flow].includes(edge)
          it(`${expected ? 'allows' : 'refuses'} ${edge}`, () => {
            expect(canTransition(from, to, flow)).toBe(expected)
          })
        }
      }
    })
  }

  it('has no way out of a terminal stage and no self-loops', () => {
    for (const edge of TRANSITIONS) {
      expect(TERMINAL).not.toContain(edge.from)
      expect(edge.from).not.toBe(edge.to)
    }
  })

  it('never lets a cash-out be "paid" (no bank payment in that flow)', () => {
    expect(sourcesOf('paid', 'payout')).toEqual([])
    expect(sourcesOf('paid', 'gateway')).toEqual(['awaiting_payment'])
  })

  it('never expires a cash-out waiting for its details (the sweep only expires awaiting_payment)', () => {
    expect(sourcesOf('expired', 'payout')).toEqual(['awaiting_payment'])
    expect(sourcesOf('awaiting_payout_details', 'gateway')).toEqual([])
  })

  it('maps every stage onto the spec’s four statuses', () => {
    expect(Object.fromEntries(STAGES.map((stage) => [stage, statusOf(stage)]))).toEqual({
      awaiting_payment: 'pending',
      awaiting_payout_details: 'pending',
      paid: 'processing',
      in_progress: 'processing',
      done: 'completed',
      payment_failed: 'failed',
      expired: 'failed',
      rejected: 'failed',
      cancelled: 'failed',
      refunded: 'failed',
    })
  })
})
