import { MAX_FEE_BPS, MAX_FEE_FIXED_IRR } from '@arzpol/shared'
import { z } from 'zod'
import { ValidationError } from '../../http/errors.ts'
import { defineRoute, reply, type Api } from '../../http/route.ts'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../../lib/text.ts'
import type { Role } from '../../models/user.model.ts'
import { PAYMENT_TYPE_CODES, type PaymentType } from './payment-types.ts'
import { PaymentTypeLimitsError, type PaymentTypeStore } from './payment-type-store.ts'

const STAFF: readonly Role[] = ['support', 'admin']
const ADMIN: readonly Role[] = ['admin']

export const PaymentTypeOut = z.object({
  value: z.enum(PAYMENT_TYPE_CODES),
  label: z.string(),
  description: z.string(),
  needs_credentials: z.boolean(),
  direction: z
    .enum(['charge', 'payout'])
    .meta({ description: 'payout: the customer receives rials' }),
  fee_bps: z.number().int().meta({ description: 'Fee in basis points of the rial subtotal' }),
  fee_fixed_irr: z.number().int().meta({ description: 'Fixed fee in rials' }),
  min_amount: z.number().int().meta({ description: 'Whole currency units' }),
  max_amount: z.number().int(),
})

const UserRef = z.object({ id: z.number().int(), username: z.string() }).nullable()

const StaffPaymentTypeOut = PaymentTypeOut.extend({
  updated_at: z.date().nullable(),
  updated_by: UserRef,
})

const Settings = z.object({
  fee_bps: z.number().int(),
  fee_fixed_irr: z.number().int(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
})

const PaymentTypeChangeOut = z.object({
  id: z.number().int(),
  payment_type: z.enum(PAYMENT_TYPE_CODES),
  old: Settings,
  new: Settings,
  changed_by: UserRef,
  note: z.string().nullable(),
  created_at: z.date(),
})

const MESSAGES = {
  notFound: 'نوع خدمت یافت نشد',
  integer: 'یک عدد صحیح وارد کنید',
  feeBps: 'کارمزد درصدی باید بین ۰ و ۵۰۰۰ واحد پایه (۰ تا ۵۰٪) باشد',
  feeFixed: 'کارمزد ثابت باید عدد صحیح ریالی و نامنفی باشد',
  amount: 'مبلغ باید عدد صحیح بین ۱ و ۱۰۰٬۰۰۰ واحد ارزی باشد',
  limits: 'حداقل مبلغ نمی‌تواند از حداکثر مبلغ بیشتر باشد',
  empty: 'دست‌کم یکی از کارمزدها یا محدودیت‌ها را بفرستید',
} as const

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

const PaymentTypePatch = z.object({
  fee_bps: int(MESSAGES.feeBps, 0, MAX_FEE_BPS).optional(),
  fee_fixed_irr: int(MESSAGES.feeFixed, 0, MAX_FEE_FIXED_IRR).optional(),
  min_amount: int(MESSAGES.amount, 1, 100_000).optional(),
  max_amount: int(MESSAGES.amount, 1, 100_000).optional(),
  note: z
    .string()
    .trim()
    .max(500)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE)
    .nullish(),
})

const CodeParams = z.object({
  code: z.enum(PAYMENT_TYPE_CODES, { error: MESSAGES.notFound }),
})

export const paymentTypeBody = (type: PaymentType) => ({
  value: type.value,
  label: type.label,
  description: type.description,
  needs_credentials: type.needs_credentials,
  direction: type.direction,
  fee_bps: type.fee.bps,
  fee_fixed_irr: type.fee.fixed_irr,
  min_amount: type.min_amount,
  max_amount: type.max_amount,
})

export function registerPaymentTypeRoutes(api: Api, store: PaymentTypeStore) {
  defineRoute(api, {
    method: 'get',
    path: '/api/payment-types/',
    operationId: 'payment_types_list',
    summary: 'The eight services an order can be for (spec §3), with fees and limits',
    description:
      'Fees and limits are the ones admins set (served from an in-memory copy refreshed every RATE_CACHE_TTL_SECONDS).',
    tags: ['orders'],
    responses: { 200: { description: 'Options', schema: z.array(PaymentTypeOut) } },
    handler: async () => reply(200, (await store.all()).map(paymentTypeBody)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/payment-types/',
    operationId: 'staff_payment_types_list',
    summary: 'Payment types with their fees and limits and who last changed them (staff)',
    tags: ['staff'],
    auth: STAFF,
    responses: { 200: { description: 'Types', schema: z.array(StaffPaymentTypeOut) } },
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

  defineRoute(api, {
    method: 'patch',
    path: '/api/staff/payment-types/:code/',
    operationId: 'staff_payment_types_update',
    summary: 'Change the fee and/or limits of a payment type (admin); audited',
    description:
      'Applies to quotes and orders placed from now on (orders keep the fee they were charged). Every change is kept in the history with its author.',
    tags: ['staff'],
    auth: ADMIN,
    params: CodeParams,
    body: PaymentTypePatch,
    responses: { 200: { description: 'Updated', schema: StaffPaymentTypeOut } },
    handler: async (_ctx, { params, body, user }) => {
      const { note, ...patch } = body
      if (Object.values(patch).every((value) => value === undefined)) {
        throw new ValidationError({ non_field_errors: [MESSAGES.empty] })
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
          throw ValidationError.field('min_amount', MESSAGES.limits)
        }
        throw error
      }
    },
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/payment-types/:code/history/',
    operationId: 'staff_payment_types_history',
    summary: 'The last 100 changes of a payment type, newest first (staff)',
    tags: ['staff'],
    auth: STAFF,
    params: CodeParams,
    responses: { 200: { description: 'Changes', schema: z.array(PaymentTypeChangeOut) } },
    handler: async (_ctx, { params }) => reply(200, await store.history(params.code, 100)),
  })
}
