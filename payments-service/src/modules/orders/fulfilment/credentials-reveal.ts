import { ApiError } from '../../../http/errors.ts'
import { Payment } from '../../../models/payment.model.ts'
import type { User } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { credentialsNeeded } from '@arzpol/contracts/orders/staff'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { recordEvent } from '../state-machine.ts'
import type { StaffOrderDeps } from './staff-order-deps.ts'
import { staffNotFound } from './staff-order-view.ts'

/**
 * Decrypts the customer's site password for the staff member doing the purchase, while the
 * order needs it (paid or in progress). The reveal
 * is an audit event (who, when) written in the same transaction as the read, under the row
 * lock the retention wipe also takes.
 */
export async function revealCredentials(
  { db, clock, logger, vault }: StaffOrderDeps,
  staff: User,
  id: number,
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const payment = await Payment.lockCredentials(trx, id)
    if (!payment) throw staffNotFound()
    refuseOwnAccount(staff, payment.user_id)
    if (!payment.site_password_enc || !payment.site_password_key_id) {
      throw new ApiError(
        409,
        payment.credentials_wiped_at
          ? STAFF_MESSAGES.credentialsWiped
          : STAFF_MESSAGES.noCredentials,
        'credentials_unavailable',
      )
    }
    if (!credentialsNeeded(payment.stage)) {
      throw new ApiError(409, STAFF_MESSAGES.credentialsNotNeeded, 'credentials_not_needed')
    }
    const password = vault.open(
      payment.site_password_enc,
      payment.site_password_key_id,
      payment.user_id,
    )
    await recordEvent(trx, {
      paymentId: id,
      from: payment.stage,
      to: payment.stage,
      reason: 'credentials_revealed',
      actor: 'staff',
      actorUserId: staff.id,
      now,
    })
    logger.info({ paymentId: id, staffId: staff.id }, 'site credentials revealed to staff')
    return { site_username: payment.site_username, site_password: password, revealed_at: now }
  })
}
