import { ApiError } from '../../../http/errors.ts'
import { Order } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { credentialsNeeded } from '@arzpol/contracts/orders/staff'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { recordEvent } from '../state-machine.ts'
import type { StaffOrderDeps } from './staff-order-deps.ts'
import { staffNotFound } from './staff-order-view.ts'

/**
 * Decrypts the customer's site password for the staff member doing the purchase, while the
 * order needs it (paid or in progress). The reveal is an audit event (who, when) written in the
 * same transaction as the read, under the row lock the retention wipe also takes.
 */
export async function revealCredentials(
  { db, clock, logger, vault }: StaffOrderDeps,
  staff: User,
  id: number,
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const order = await Order.lockCredentials(trx, id)
    if (!order) throw staffNotFound()
    refuseOwnAccount(staff, order.user_id)
    if (!order.site_password_enc || !order.site_password_key_id) {
      throw new ApiError(
        409,
        order.credentials_wiped_at ? STAFF_MESSAGES.credentialsWiped : STAFF_MESSAGES.noCredentials,
        'credentials_unavailable',
      )
    }
    if (!credentialsNeeded(order.stage)) {
      throw new ApiError(409, STAFF_MESSAGES.credentialsNotNeeded, 'credentials_not_needed')
    }
    const password = vault.open(order.site_password_enc, order.site_password_key_id, order.user_id)
    await recordEvent(trx, {
      orderId: id,
      from: order.stage,
      to: order.stage,
      reason: 'credentials_revealed',
      actor: 'staff',
      actorUserId: staff.id,
      now,
    })
    logger.info({ orderId: id, staffId: staff.id }, 'site credentials revealed to staff')
    return { site_username: order.site_username, site_password: password, revealed_at: now }
  })
}
