import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { ApiError } from '../../http/errors.ts'

/**
 * Separation of duties: a staff member who is also a customer never acts on their own account's
 * orders, refunds, cash-outs, identity reviews or tickets, so no one approves, settles or refunds
 * for themselves. A colleague does it; the refusal says so.
 */
export function refuseOwnAccount(
  staff: { id: number },
  customerId: number,
  message: string = STAFF_MESSAGES.ownAccount,
): void {
  if (staff.id === customerId) throw new ApiError(403, message, 'own_account')
}
