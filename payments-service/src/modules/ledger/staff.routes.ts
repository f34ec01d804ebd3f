import type { Knex } from 'knex'
import { file, ok, reply, type Api } from '../../http/route.ts'
import { staffRoutes } from '../../http/staff-routes.ts'
import { dailyReconciliation, reconciliationCsv } from './daily-reconciliation.ts'
import { ReconciliationOut, ReconciliationQuery } from '@arzpol/contracts/ledger/staff'

/** The ledger's staff calls: the daily reconciliation for accounting (ADR 014). */
export function registerStaffLedgerRoutes(api: Api, db: Knex) {
  const staff = staffRoutes(api)

  staff.get('/api/staff/reconciliation/', {
    operationId: 'staff_reconciliation_day',
    summary: 'One bank day (Tehran): what the bank verified against what the ledger booked',
    description:
      'Per gateway transaction verified that day: the amount of the bank’s verify answer, the capture the ledger booked and what was reversed since; totals per gateway and the lines that differ. `/api/staff/reconciliation/csv/` gives the same lines as CSV.',
    query: ReconciliationQuery,
    responses: ok('The day', ReconciliationOut),
    handler: async (_ctx, { query }) => reply(200, await dailyReconciliation(db, query.day)),
  })

  staff.get('/api/staff/reconciliation/csv/', {
    operationId: 'staff_reconciliation_csv',
    summary: 'The day’s reconciliation lines as CSV (UTF-8 with BOM), for the accountants',
    query: ReconciliationQuery,
    responses: file('CSV', ['text/csv']),
    handler: async (ctx, { query }) => {
      const csv = reconciliationCsv(await dailyReconciliation(db, query.day))
      ctx.type = 'text/csv; charset=utf-8'
      ctx.set(
        'Content-Disposition',
        `attachment; filename="arzpol-reconciliation-${query.day}.csv"`,
      )
      ctx.set('Cache-Control', 'private, no-store')
      return reply(200, Buffer.from(csv, 'utf8'))
    },
  })
}
