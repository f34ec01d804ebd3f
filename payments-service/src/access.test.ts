import { describe, expect, it } from 'vitest'
import { createApi } from './http/route.ts'
import { seedTicketCategories } from './modules/tickets/categories.ts'
import { registerRoutes } from './app.ts'
import { useStaffApp } from './test/staff.ts'

/** Staff calls outside /api/staff/ (they live beside the orders and rates they act on). */
const STAFF_ELSEWHERE = [
  'POST /api/payments/:id/transition/',
  'POST /api/rates/',
  'GET /api/rates/:currency/history/',
]
/** Admin only: support staff get 403 too. */
const ADMIN_ONLY = [
  'POST /api/rates/',
  'PATCH /api/staff/payment-types/:code/',
  'POST /api/staff/roles/grant-support/',
  'POST /api/staff/roles/revoke-support/',
  'POST /api/staff/users/:id/close/',
  'POST /api/staff/users/:id/enrolment-link/',
  'PUT /api/staff/identity-levels/',
  'GET /api/staff/audit/',
  'GET /api/staff/audit/csv/',
]

const concrete = (path: string) =>
  path.replace(':id', '1').replace(':code', 'topup').replace(':currency', 'USD')

describe('every staff call checks the role on the server', () => {
  const t = useStaffApp()

  /** The operations the app registers, read from the same registry /api/schema/ is built from. */
  function staffOperations(): string[] {
    const api = createApi(async (_ctx, next) => next())
    registerRoutes(api, t.deps, t.services)
    return api.openapi
      .list()
      .map((op) => `${op.method.toUpperCase()} ${op.path}`)
      .filter((op) => op.split(' ')[1]?.startsWith('/api/staff/') || STAFF_ELSEWHERE.includes(op))
  }

  it('anonymous callers get 401, customers 403, support 403 on admin calls', async () => {
    await seedTicketCategories(t.deps.db)
    const customer = await t.customer()
    const support = await t.customer('support')
    const operations = staffOperations()
    // The back office's own calls and the ticket inbox are all here.
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/staff/dashboard/',
        'GET /api/staff/orders/',
        'GET /api/staff/orders/:id/',
        'POST /api/staff/orders/:id/reveal-credentials/',
        'POST /api/staff/refunds/:id/settle/',
        'GET /api/staff/users/',
        'GET /api/staff/users/:id/',
        'POST /api/staff/users/:id/block/',
        'POST /api/staff/users/:id/unblock/',
        'GET /api/staff/payment-types/',
        'GET /api/staff/payment-types/:code/history/',
        'GET /api/staff/tickets/',
        'GET /api/staff/identity-levels/',
        'GET /api/staff/sms/dead/',
        'POST /api/staff/sms/dead/:id/retry/',
        ...STAFF_ELSEWHERE,
        ...ADMIN_ONLY,
      ]),
    )
    expect(operations.length).toBeGreaterThanOrEqual(30)

    for (const operation of operations) {
      const [method = '', path = ''] = operation.split(' ')
      const url = concrete(path)
      const body = method === 'GET' || method === 'DELETE' ? {} : { body: {} }
      const anonymous = await t.api.request(method, url, body)
      expect([operation, anonymous.status]).toEqual([operation, 401])
      const asCustomer = await t.api.request(method, url, { ...body, token: customer.token })
      expect([operation, asCustomer.status, asCustomer.body]).toEqual([
        operation,
        403,
        { detail: 'شما اجازه انجام این کار را ندارید.', code: 'permission_denied' },
      ])
      const asSupport = await t.api.request(method, url, { ...body, token: support.token })
      if (ADMIN_ONLY.includes(operation)) {
        expect([operation, asSupport.status]).toEqual([operation, 403])
      } else {
        expect([operation, asSupport.status === 401 || asSupport.status === 403]).toEqual([
          operation,
          false,
        ])
      }
    }
  })
})
