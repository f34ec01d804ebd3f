import type { Knex } from 'knex'
import type { BusinessState } from '../../http/metrics.ts'
import { BankAttempt } from '../../models/bank-attempt.model.ts'
import { Order } from '../../models/order.model.ts'
import { moneyToReturnTotals } from './fulfilment/money-to-return.ts'
import { STAGES } from './state-machine.ts'

const GATEWAY_OUTCOMES = ['verified', 'failed', 'reversed'] as const

/**
 * The orders' state the cluster gauges show: every stage (0 for one without orders, so a
 * dashboard's series never vanishes), how bank attempts ended, and the money to return.
 */
export async function orderGaugesOf(db: Knex): Promise<BusinessState> {
  const [counted, outcomes, toReturn] = await Promise.all([
    Order.countEachStage(db),
    BankAttempt.countOutcomes(db, GATEWAY_OUTCOMES),
    moneyToReturnTotals(db),
  ])
  const byStage = new Map<string, number>(counted.map((row) => [row.stage, row.count]))
  return {
    stages: STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })),
    outcomes,
    toReturn,
  }
}
