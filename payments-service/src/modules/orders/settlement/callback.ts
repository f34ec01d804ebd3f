import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import type { OrderDeps } from '../order-deps.ts'
import type { CallbackOutcome } from './settlement.ts'

/**
 * The bank's callback (POST or GET, no auth): finds the attempt its ResNum or Token names and
 * hands it to the settlement (settlement.ts), which verifies with the bank server to server
 * and moves the order once. A repeated callback finds the attempt settled and changes nothing.
 */
export async function handleCallback(
  deps: Pick<OrderDeps, 'db' | 'logger' | 'gateway' | 'settlement'>,
  fields: Record<string, string>,
): Promise<{ orderId: number | null; outcome: CallbackOutcome }> {
  const { db, logger, gateway, settlement } = deps
  const data: CallbackData = gateway.parseCallback(fields)
  let attempt: BankAttempt | undefined
  if (data.resNum) attempt = await BankAttempt.named(db, gateway.name, { res_num: data.resNum })
  if (!attempt && data.token) {
    attempt = await BankAttempt.named(db, gateway.name, { token: data.token })
  }
  if (!attempt) {
    logger.warn({ resNum: data.resNum, state: data.state }, 'callback for an unknown attempt')
    return { orderId: null, outcome: 'failed' }
  }
  const found = attempt
  if (data.token && found.token && data.token !== found.token) {
    logger.warn(
      { orderId: found.payment_id, resNum: found.res_num },
      'callback token does not match the attempt',
    )
    return { orderId: found.payment_id, outcome: 'failed' }
  }

  return settlement.settleAttempt(found, data, 'callback')
}
