import { ApiError } from '../../http/errors.ts'
import { CatalogChange } from '../../models/catalog-change.model.ts'
import { ChangeNotice } from '../../models/change-notice.ts'
import { Rate } from '../../models/rate.model.ts'
import { User } from '../../models/user.model.ts'
import type { Currency } from '@arzpol/contracts/catalog/currencies'
import type { RateChangeNeedsConfirmation } from '@arzpol/contracts/catalog/staff'
import type { z } from 'zod'
import {
  approvedBy,
  type Approval,
  type DoneOrProposed,
  type ProposalExecutor,
} from '../approvals/approval-deps.ts'
import { changePercent, RATE_MESSAGES } from './rate-freshness.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'
import type { RateContext } from './rate-deps.ts'
import { withSetBy, type RateHistoryRow } from './rate-history.ts'

const formatPercentFa = (bps: number) =>
  (bps / 100).toLocaleString('fa-IR', { maximumFractionDigits: 2 })

export interface SetRateInput {
  currency: Currency
  buyRateIrr: number
  userId: number | null
  note?: string | null
  /**
   * Rate safety (ADR 013): a change larger than this percentage of the current rate is
   * refused (409 `rate_change_needs_confirmation`) unless `confirmed`, and then only proposed
   * until a second admin approves it (ADR 039). Omitted: no check.
   */
  confirmAbovePercent?: number
  confirmed?: boolean
  /** The second admin's approval of such a change, when it is carried out. */
  approval?: Approval
}

export type RateSet = DoneOrProposed<RateHistoryRow>

/** A new rate, recorded with the change from the previous one; this pod's copy is dropped. */
export async function setRate(deps: RateContext, input: SetRateInput): Promise<RateSet> {
  const { currency, buyRateIrr, userId, note, confirmAbovePercent, confirmed = false } = input
  // The newest row, not the cache: the check and the audit compare with the rate in force.
  const previous = await Rate.newestBuyRate(deps.db, currency)
  const changeBps = previous
    ? Math.round(changePercent(previous.buy_rate_irr, buyRateIrr) * 100)
    : null
  const large =
    changeBps !== null &&
    confirmAbovePercent !== undefined &&
    changeBps > Math.round(confirmAbovePercent * 100)
  if (large && !confirmed) {
    throw new ApiError(
      409,
      RATE_MESSAGES.changeNeedsConfirmation(formatPercentFa(changeBps)),
      'rate_change_needs_confirmation',
      {
        body: {
          current_rate_irr: previous?.buy_rate_irr ?? null,
          requested_rate_irr: buyRateIrr,
          change_percent: changeBps / 100,
          confirm_above_percent: confirmAbovePercent,
        } satisfies Omit<z.input<typeof RateChangeNeedsConfirmation>, 'detail' | 'code'>,
      },
    )
  }
  if (large && !input.approval) return { proposed: await proposeRate(deps, input, userId) }
  const row = await deps.db.transaction(async (trx) => {
    const now = deps.clock.now()
    const inserted = await Rate.insertFetched(trx, {
      currency,
      buy_rate_irr: buyRateIrr,
      set_by_user_id: userId,
      note: note ?? null,
      previous_buy_rate_irr: previous?.buy_rate_irr ?? null,
      // An int4 column: a change beyond 21 million percent (a rate of 1 rial corrected) is
      // recorded at the column's ceiling rather than failing the insert.
      change_bps: changeBps === null ? null : Math.min(changeBps, 2_147_483_647),
      change_confirmed: large && confirmed,
      created_at: now,
    })
    if (userId !== null) {
      await appendStaffAudit(trx, {
        actor: { id: userId },
        action: 'rates_changed',
        subject: { type: 'currency', id: currency },
        data: {
          buy_rate_irr: buyRateIrr,
          previous_buy_rate_irr: previous?.buy_rate_irr ?? null,
          change_bps: changeBps,
          confirmed: large && confirmed,
          ...approvedBy(input.approval),
        },
        at: now,
      })
    }
    // Every pod hears of it when this commits (ADR 033).
    const version = await CatalogChange.record(trx, { currency }, now)
    await ChangeNotice.publish(trx, { type: 'catalog', version })
    return inserted
  })
  deps.rates.invalidate()
  const setter = userId === null ? undefined : await User.fieldOf(deps.db, userId, 'username')
  return { done: withSetBy(row, setter ?? null) }
}

/** A confirmed change beyond the safety limit waits for a second admin. */
async function proposeRate(deps: RateContext, input: SetRateInput, userId: number | null) {
  if (!deps.approvals || userId === null) {
    throw new Error('a rate change beyond the safety limit needs a proposer and four eyes')
  }
  const proposer = await User.withId(deps.db, userId)
  if (!proposer) throw new Error(`rate change by an unknown user ${userId}`)
  const approvals = deps.approvals
  return deps.db.transaction((trx) =>
    approvals.propose(trx, proposer, {
      kind: 'rate_change',
      subject: { type: 'currency', id: input.currency },
      orderId: null,
      customerId: null,
      amountIrr: input.buyRateIrr,
      payload: {
        currency: input.currency,
        buy_rate_irr: input.buyRateIrr,
        note: input.note ?? null,
        // The limit in force when proposed: the history records the change as confirmed.
        confirm_above_percent: input.confirmAbovePercent ?? null,
      },
      note: input.note ?? null,
      // Every quote is priced at the old rate until it is decided: the admins are texted.
      notify: true,
    }),
  )
}

/** Sets an approved proposal's rate as its proposer asked (confirmed by the proposal itself). */
export const setApprovedRate =
  (deps: RateContext): ProposalExecutor =>
  async (trx, proposer, payload, approval) => {
    await setRate(
      { ...deps, db: trx },
      {
        currency: payload.currency as SetRateInput['currency'],
        buyRateIrr: Number(payload.buy_rate_irr),
        userId: proposer.id,
        note: typeof payload.note === 'string' ? payload.note : null,
        ...(typeof payload.confirm_above_percent === 'number' && {
          confirmAbovePercent: payload.confirm_above_percent,
        }),
        confirmed: true,
        approval,
      },
    )
  }
