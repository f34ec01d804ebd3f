import { DashboardOut } from '@arzpol/contracts/orders/staff'
import { wire } from '@arzpol/contracts/wire'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for the console home, through the one client with the staff
 * member's access token. Every answer is checked with the contract's schema and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

const dashboard = wire(DashboardOut)

export const getDashboard = (request: Request, token: string) =>
  call(request, '/api/staff/dashboard/', { method: 'GET', token, schema: dashboard })
