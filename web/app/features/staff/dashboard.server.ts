import { type StaffDashboard } from '@arzpol/contracts'
import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for the console home, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

const dashboardSchema: z.ZodType<StaffDashboard> = z.object({
  orders_waiting: z.object({
    awaiting_payment: z.number(),
    paid: z.number(),
    in_progress: z.number(),
  }),
  tickets_waiting: z.number(),
  today_paid_irr: z.number(),
  today_paid_count: z.number(),
  day: z.string(),
})

export const getDashboard = (request: Request, token: string) =>
  call(request, '/api/staff/dashboard/', { method: 'GET', token, schema: dashboardSchema })
