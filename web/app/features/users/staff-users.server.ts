import { type StaffUser, type StaffUserDetail } from '@arzpol/contracts'
import { z } from 'zod'
import { page, queryString, userRef } from '~/features/api/list-shapes.server.ts'
import { call } from '~/features/api/payments-client.server.ts'
import { orderSummarySchema } from '~/features/orders/staff-orders.server.ts'

/**
 * payments-service's staff calls for users, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

const role = z.enum(['customer', 'support', 'admin'])

const userFields = {
  id: z.number(),
  phone: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role,
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
}

const staffUserSchema: z.ZodType<StaffUser> = z.object(userFields)

const staffUserDetailSchema: z.ZodType<StaffUserDetail> = z.object({
  ...userFields,
  orders: z.array(orderSummarySchema),
  orders_count: z.number(),
  tickets: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      status: z.enum(['open', 'closed']),
      waiting_for_staff: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  tickets_count: z.number(),
  audit: z.array(
    z.object({
      id: z.number(),
      action: z.enum([
        'block',
        'unblock',
        'grant_support',
        'revoke_support',
        'second_factor_enrolled',
        'recovery_code_used',
      ]),
      actor: userRef.nullable(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
})

export const findUsers = (request: Request, token: string, phone: string) =>
  call(request, `/api/staff/users/${queryString({ phone, limit: 20 })}`, {
    method: 'GET',
    token,
    schema: page(staffUserSchema),
  })

export const getUser = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/users/${id}/`, { method: 'GET', token, schema: staffUserDetailSchema })

export const setBlocked = (
  request: Request,
  token: string,
  id: number,
  blocked: boolean,
  note: string | null,
) =>
  call(request, `/api/staff/users/${id}/${blocked ? 'block' : 'unblock'}/`, {
    method: 'POST',
    token,
    body: { note },
    schema: staffUserDetailSchema,
  })

export const setSupportRole = (
  request: Request,
  token: string,
  grant: boolean,
  body: { phone: string; note: string | null },
) =>
  call(request, `/api/staff/roles/${grant ? 'grant' : 'revoke'}-support/`, {
    method: 'POST',
    token,
    body,
    schema: staffUserSchema,
  })
