import { describe, expect, it } from 'vitest'
import { canTransition, flowOf } from '../state-machine.ts'
import { findStaffAction, STAFF_ACTIONS, staffActionsFor } from './actions.ts'

describe('staff actions', () => {
  it('only use moves the state machine allows', () => {
    for (const action of STAFF_ACTIONS) {
      for (const from of action.from) {
        for (const flow of action.flows) {
          expect([action.to, from, flow, canTransition(from, action.result, flow)]).toEqual([
            action.to,
            from,
            flow,
            true,
          ])
        }
      }
    }
  })

  it('match the issue: start, complete, settle, reject (refund when paid), cancel', () => {
    const gateway = flowOf('topup')
    const payout = flowOf('payout')
    expect(findStaffAction('in_progress', 'paid', gateway)?.result).toBe('in_progress')
    expect(findStaffAction('in_progress', 'awaiting_payment', gateway)).toBeUndefined()
    expect(findStaffAction('done', 'paid', gateway)).toBeUndefined()
    expect(findStaffAction('done', 'in_progress', gateway)?.reference_required).toBe(false)
    expect(findStaffAction('done', 'in_progress', payout)?.reference_required).toBe(true)
    expect(findStaffAction('rejected', 'paid', gateway)).toMatchObject({
      result: 'refunded',
      refund: true,
      note_required: true,
    })
    expect(findStaffAction('rejected', 'in_progress', payout)).toMatchObject({
      result: 'rejected',
      refund: false,
    })
    expect(findStaffAction('cancelled', 'paid', gateway)).toBeUndefined()
    expect(findStaffAction('rejected', 'done', gateway)).toBeUndefined()
    expect(staffActionsFor('done', gateway)).toEqual([])
    expect(staffActionsFor('in_progress', payout).map((a) => a.to)).toEqual(['done', 'rejected'])
    // A cash-out waiting for its Sheba or documents (ADR 017): refused or cancelled, never settled.
    expect(staffActionsFor('awaiting_payout_details', payout).map((a) => a.to)).toEqual([
      'rejected',
      'cancelled',
    ])
  })
})
