import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError, ValidationError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import { GatewayTransaction } from '../../../models/gateway-transaction.model.ts'
import { PaymentDocument } from '../../../models/payment-document.model.ts'
import { PaymentEvent } from '../../../models/payment-event.model.ts'
import { Payment, type SummaryRow } from '../../../models/payment.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import type { User } from '../../../models/user.model.ts'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import type { PaymentGateway } from '../../gateways/gateway.ts'
import { formatMinor } from '@arzpol/contracts'
import type { CredentialVault } from '../checkout/credentials.ts'
import { closeRefund } from '../settlement/refunds.ts'
import { createSettlement } from '../settlement/settlement.ts'
import { createMoneyBackNotice } from '../settlement/money-back-notice.ts'
import { flowOf, recordEvent, transition, type Stage } from '../state-machine.ts'
import { findStaffAction, staffActionsFor } from './actions.ts'
import { notifyStatusChange } from './notify.ts'
import { assertSettleSheba, confirmSettleSheba } from './payout-details.ts'
import type { Ownership } from '../../identity/ownership.ts'
import { type OrderQueryInput, type TransitionInput } from '@arzpol/contracts/orders/staff'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { tehranDayBounds } from '../../../lib/tehran-day.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'

export interface StaffOrderDeps {
  db: Knex
  clock: Clock
  logger: Logger
  vault: CredentialVault
  gateway: PaymentGateway
  sms: SmsOutbox
  /** Whose Sheba: a cash-out is settled only to its customer's own account. */
  ownership: Ownership
}

const notFound = () => new ApiError(404, STAFF_MESSAGES.notFound, 'not_found')
const illegal = () => new ApiError(409, STAFF_MESSAGES.illegalTransition, 'illegal_transition')

export const summaryBody = (row: SummaryRow) => ({
  id: row.id,
  status: row.status,
  stage: row.stage,
  payment_type: row.payment_type,
  site_url: row.site_url,
  amount: formatMinor(row.amount_minor),
  currency: row.currency,
  amount_irr: row.amount_irr,
  customer: { id: row.user_id, phone: row.customer_phone, username: row.customer_username },
  paid_at: row.paid_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

export function createStaffOrderService(deps: StaffOrderDeps) {
  const { db, clock, logger } = deps
  const settlement = createSettlement({
    db,
    clock,
    logger,
    gateway: deps.gateway,
    onMoneyBack: createMoneyBackNotice({ db, sms: deps.sms, logger }),
  })

  async function list(query: OrderQueryInput) {
    const { count, rows } = await Payment.pageForStaff(
      db,
      {
        stages: query.stage,
        paymentType: query.payment_type,
        createdFrom: query.from ? tehranDayBounds(query.from).start : undefined,
        createdBefore: query.to ? tehranDayBounds(query.to).end : undefined,
        phone: query.phone,
        order: query.sort === 'oldest' ? 'asc' : 'desc',
      },
      query,
    )
    return { count, results: rows.map(summaryBody) }
  }

  async function detail(id: number, runner: Knex | Knex.Transaction = db) {
    const row = await Payment.staffDetailOf(runner, id)
    if (!row) throw notFound()
    const [documents, events, refunds, attempts] = await Promise.all([
      PaymentDocument.summariesFor(runner, id),
      PaymentEvent.timelineWithActors(runner, id),
      Refund.rowsWhere(runner, { payment_id: id }),
      GatewayTransaction.rowsWhere(runner, { payment_id: id }),
    ])
    const flow = flowOf(row.payment_type)
    return {
      ...summaryBody(row),
      site_username: row.site_username,
      subtotal_irr: row.subtotal_irr,
      fee_irr: row.fee_irr,
      rate_irr: row.rate_irr,
      rate_locked_until: row.rate_locked_until,
      description: row.description,
      meta: row.meta,
      sheba: row.sheba,
      customer: {
        id: row.user_id,
        phone: row.customer_phone,
        username: row.customer_username,
        email: row.customer_email,
        blocked: row.customer_blocked_at !== null,
      },
      has_credentials: row.has_credentials,
      credentials_wiped_at: row.credentials_wiped_at,
      documents: documents.map((doc) => ({
        id: doc.id,
        name: doc.file_name,
        content_type: doc.content_type,
        size: doc.size_bytes,
        created_at: doc.created_at,
        download_url: `/api/payments/${id}/documents/${doc.id}/download/`,
      })),
      events: events.map((event) => ({
        id: event.id,
        from_stage: event.from_stage,
        to_stage: event.to_stage,
        reason: event.reason,
        actor: event.actor,
        actor_user:
          event.actor_user_id !== null
            ? { id: event.actor_user_id, username: event.actor_username ?? '' }
            : null,
        note: text(event.data.note),
        internal_note: text(event.data.internal_note),
        reference: text(event.data.reference),
        created_at: event.created_at,
      })),
      refunds: refunds.map(refundBody),
      gateway_attempts: attempts.map((attempt) => ({
        id: attempt.id,
        res_num: attempt.res_num,
        status: attempt.status,
        amount_irr: attempt.amount_irr,
        ref_num: attempt.ref_num,
        masked_pan: attempt.masked_pan,
        verified_at: attempt.verified_at,
        created_at: attempt.created_at,
      })),
      actions: staffActionsFor(row.stage, flow).map((action) => ({
        to: action.to,
        label: action.label,
        note_required: action.note_required,
        reference_required: action.reference_required,
        result_stage: action.result,
      })),
    }
  }

  /**
   * A staff action on an order: the action table says which stages allow it and what it needs;
   * the state machine's guarded transition moves the order and writes the audit event naming
   * the staff member, all in one transaction. The SMS goes out after the commit.
   */
  async function move(staff: User, id: number, input: TransitionInput) {
    const now = clock.now()
    // Settling a cash-out: the provider is asked again whose the Sheba is, before the lock.
    const settleSheba = await assertSettleSheba(deps, id, input.to)
    const moved = await db.transaction(async (trx) => {
      const payment = await Payment.lockForStaffMove(trx, id)
      if (!payment) throw notFound()
      refuseOwnAccount(staff, payment.user_id)
      const action = findStaffAction(input.to, payment.stage, flowOf(payment.payment_type))
      if (!action) throw illegal()
      await confirmSettleSheba(trx, payment, action, settleSheba, now)
      const missing: Record<string, string[]> = {}
      if (action.note_required && !input.note) missing.note = [STAFF_MESSAGES.noteRequired]
      if (action.reference_required && !input.reference) {
        missing.reference = [STAFF_MESSAGES.referenceRequired]
      }
      if (input.reason !== undefined && !action.reasons.includes(input.reason)) {
        missing.reason = [STAFF_MESSAGES.reason]
      }
      if (Object.keys(missing).length > 0) throw new ValidationError(missing)

      // The return is opened here, under the order's lock; the bank is asked after the commit.
      const opened = action.refund
        ? await settlement.openOrderRefund(trx, payment, staff.id, now)
        : null
      const refunded = opened?.refund ?? null
      const result = await transition(trx, {
        paymentId: id,
        to: action.result,
        from: [payment.stage],
        reason: input.reason ?? action.reason,
        actor: 'staff',
        actorUserId: staff.id,
        data: {
          ...(input.note && { note: input.note }),
          ...(input.internal_note && { internal_note: input.internal_note }),
          ...(input.reference && { reference: input.reference }),
          ...(refunded && { refund_id: refunded.id, refund_method: refunded.method }),
        },
        now,
      })
      // The row lock makes this unreachable; a refusal still must not commit a refund.
      if (!result) throw illegal()
      return { from: result.from, to: result.to, phone: payment.phone, opened }
    })
    if (moved.opened) await settlement.finishOrderRefund(moved.opened)
    notifyStatusChange(deps.sms, {
      phone: moved.phone,
      orderId: id,
      from: moved.from,
      to: moved.to,
    })
    return detail(id)
  }

  /**
   * Decrypts the customer's site password for the staff member doing the purchase. The reveal
   * is an audit event (who, when) written in the same transaction as the read, under the row
   * lock the retention wipe also takes.
   */
  async function revealCredentials(staff: User, id: number) {
    const now = clock.now()
    return db.transaction(async (trx) => {
      const payment = await Payment.lockCredentials(trx, id)
      if (!payment) throw notFound()
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
      const password = deps.vault.open(
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

  /** A manual refund was paid to the customer (bank transfer reference recorded). */
  async function settleRefund(
    staff: User,
    refundId: number,
    input: { reference: string; note: string | null },
  ) {
    const now = clock.now()
    return db.transaction(async (trx) => {
      const found = await Refund.lockById(trx, refundId)
      if (!found) throw notFound()
      refuseOwnAccount(staff, (await Payment.ownerOf(trx, found.payment_id)) ?? 0)
      if (found.status !== 'pending') {
        throw new ApiError(409, STAFF_MESSAGES.refundSettled, 'refund_settled')
      }
      const row = await closeRefund(trx, found, 'transferred', {
        staffId: staff.id,
        now,
        reference: input.reference,
      })
      const stage = (await Payment.stageOf(trx, found.payment_id)) as Stage
      await recordEvent(trx, {
        paymentId: found.payment_id,
        from: stage,
        to: stage,
        reason: 'refund_settled',
        actor: 'staff',
        actorUserId: staff.id,
        data: {
          refund_id: refundId,
          reference: input.reference,
          ...(input.note && { internal_note: input.note }),
        },
        now,
      })
      return refundBody(row as RefundRow)
    })
  }

  return { list, detail, move, revealCredentials, settleRefund }
}

export type StaffOrderService = ReturnType<typeof createStaffOrderService>

const refundBody = (row: RefundRow) => ({
  id: row.id,
  amount_irr: row.amount_irr,
  method: row.method,
  status: row.status,
  reference: row.reference,
  created_at: row.created_at,
  settled_at: row.settled_at,
})
