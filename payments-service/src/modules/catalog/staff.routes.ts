import { z } from 'zod'
import { ValidationError } from '../../http/errors.ts'
import { type Api, created, ok, proposed, reply, replyDoneOrProposed } from '../../http/route.ts'
import { adminRoutes, staffRoutes } from '../../http/staff-routes.ts'
import { paymentTypeBody } from '@arzpol/contracts/catalog/payment-types'
import { PaymentTypeLimitsError, type PaymentTypeStore } from './payment-type-store.ts'
import type { RateService } from './rates.service.ts'
import {
  CodeParams,
  PAYMENT_TYPE_MESSAGES,
  PaymentTypeChangeOut,
  PaymentTypePatch,
  RateHistoryOut,
  SetRateBody,
  StaffPaymentTypeOut,
} from '@arzpol/contracts/catalog/staff'
import { CurrencyParams } from '@arzpol/contracts/catalog/customer'

interface StaffCatalogRouteDeps {
  rates: RateService
  paymentTypes: PaymentTypeStore
  /** RATE_CHANGE_CONFIRM_PERCENT: larger staff changes need `confirm: true`. */
  rateChangeConfirmPercent: number
}

/** The catalog's staff calls: rate history and new rates, fees and limits of the payment types. */
export function registerStaffCatalogRoutes(api: Api, deps: StaffCatalogRouteDeps) {
  registerStaffRateRoutes(api, deps)
  registerStaffPaymentTypeRoutes(api, deps)
}

function registerStaffRateRoutes(
  api: Api,
  deps: Pick<StaffCatalogRouteDeps, 'rates' | 'rateChangeConfirmPercent'>,
) {
  const { rates } = deps
  const staff = staffRoutes(api)
  const admin = adminRoutes(api)

  staff.get('/api/rates/:currency/history/', {
    operationId: 'rates_history',
    summary: 'The last 100 rates set for a currency, newest first (staff)',
    tags: ['rates'],
    params: CurrencyParams,
    responses: ok('History', z.array(RateHistoryOut)),
    handler: async (_ctx, { params }) => reply(200, await rates.history(params.currency, 100)),
  })

  admin.post('/api/rates/', {
    operationId: 'rates_set',
    summary: 'Set a new buy rate (admin); orders placed from now on lock it',
    description:
      'A change larger than RATE_CHANGE_CONFIRM_PERCENT (default 10) of the current rate answers 409 `rate_change_needs_confirmation` (with `current_rate_irr`, `requested_rate_irr`, `change_percent`) unless the body carries `confirm: true`, and then 202 with a proposal: the rate is set when a second admin approves it at `POST /api/staff/proposals/:id/approve/` (ADR 039); 409 `proposal_pending` while one waits for the currency. Every row records the previous rate, the change and the confirmation (history).',
    tags: ['rates'],
    body: SetRateBody,
    responses: { ...created('Recorded', RateHistoryOut), ...proposed() },
    errors: [409],
    handler: async (_ctx, { body, user }) => {
      const set = await rates.set({
        currency: body.currency,
        buyRateIrr: body.buy_rate_irr,
        userId: user.id,
        note: body.note ?? null,
        confirmAbovePercent: deps.rateChangeConfirmPercent,
        confirmed: body.confirm === true,
      })
      return replyDoneOrProposed(201, set)
    },
  })
}

function registerStaffPaymentTypeRoutes(
  api: Api,
  deps: Pick<StaffCatalogRouteDeps, 'paymentTypes'>,
) {
  const store = deps.paymentTypes
  const staff = staffRoutes(api)
  const admin = adminRoutes(api)

  staff.get('/api/staff/payment-types/', {
    operationId: 'staff_payment_types_list',
    summary: 'Payment types with their fees and limits and who last changed them (staff)',
    responses: ok('Types', z.array(StaffPaymentTypeOut)),
    handler: async () =>
      reply(
        200,
        (await store.staffList()).map((type) => ({
          ...paymentTypeBody(type),
          updated_at: type.updated_at,
          updated_by: type.updated_by,
        })),
      ),
  })

  admin.patch('/api/staff/payment-types/:code/', {
    operationId: 'staff_payment_types_update',
    summary: 'Change the fee and/or limits of a payment type (admin); audited',
    description:
      'Applies to quotes and orders placed from now on (orders keep the fee they were charged). Every change is kept in the history with its author.',
    params: CodeParams,
    body: PaymentTypePatch,
    responses: ok('Updated', StaffPaymentTypeOut),
    handler: async (_ctx, { params, body, user }) => {
      const { note, ...patch } = body
      if (Object.values(patch).every((value) => value === undefined)) {
        throw new ValidationError({ non_field_errors: [PAYMENT_TYPE_MESSAGES.empty] })
      }
      try {
        const type = await store.update(params.code, patch, {
          userId: user.id,
          note: note || null,
        })
        return reply(200, {
          ...paymentTypeBody(type),
          updated_at: type.updated_at,
          updated_by: type.updated_by,
        })
      } catch (error) {
        if (error instanceof PaymentTypeLimitsError) {
          throw ValidationError.field('min_amount', PAYMENT_TYPE_MESSAGES.limits)
        }
        throw error
      }
    },
  })

  staff.get('/api/staff/payment-types/:code/history/', {
    operationId: 'staff_payment_types_history',
    summary: 'The last 100 changes of a payment type, newest first (staff)',
    params: CodeParams,
    responses: ok('Changes', z.array(PaymentTypeChangeOut)),
    handler: async (_ctx, { params }) => reply(200, await store.history(params.code, 100)),
  })
}
