import type { Knex } from 'knex'
import {
  STAFF_AUDIT_LABELS,
  StaffAuditPageOut,
  StaffAuditQuery,
  type StaffAuditQueryInput,
} from '@arzpol/contracts/staff-audit'
import { csvOf } from '../../lib/csv.ts'
import { tehranDayBounds } from '../../lib/tehran-day.ts'
import { file, ok, reply, type Api } from '../../http/route.ts'
import { adminRoutes } from '../../http/staff-routes.ts'
import { StaffAuditEntry } from '../../models/staff-audit-entry.model.ts'
import { userRefOf } from '../users/user-ref.ts'

/** Admins read the staff audit log, filtered, and export it (the chain's hashes included). */

const EXPORT_LIMIT = 10_000
const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor',
  'actor_username',
  'action',
  'action_label',
  'subject_type',
  'subject_id',
  'data',
  'prev_hash',
  'hash',
] as const

const filterOf = (query: StaffAuditQueryInput) => ({
  actorUserId: query.actor,
  action: query.action,
  from: query.from ? tehranDayBounds(query.from).start : undefined,
  before: query.to ? tehranDayBounds(query.to).end : undefined,
})

export function registerStaffAuditRoutes(api: Api, db: Knex) {
  const admins = adminRoutes(api)

  admins.get('/api/staff/audit/', {
    operationId: 'staff_audit_list',
    summary: 'The staff audit log, newest first: who did what, on what, when (admins)',
    description:
      'Filters: `actor` (user id), `action`, `from`/`to` (Tehran days, YYYY-MM-DD). Each row carries its link hash; `npm run audit:verify` checks the chain. `/api/staff/audit/csv/` exports the same filter.',
    query: StaffAuditQuery,
    responses: ok('One page', StaffAuditPageOut),
    handler: async (_ctx, { query }) => {
      const { count, rows } = await StaffAuditEntry.page(db, filterOf(query), query)
      return reply(200, {
        count,
        results: rows.map((row) => ({
          id: row.id,
          created_at: row.created_at,
          actor: row.actor,
          actor_user: userRefOf(row.actor_user_id, row.actor_username),
          action: row.action,
          subject_type: row.subject_type,
          subject_id: row.subject_id,
          data: row.data,
          hash: row.hash,
        })),
      })
    },
  })

  admins.get('/api/staff/audit/csv/', {
    operationId: 'staff_audit_csv',
    summary: `The filtered staff audit log as CSV (UTF-8 with BOM), at most ${EXPORT_LIMIT} rows`,
    query: StaffAuditQuery,
    responses: file('CSV', ['text/csv']),
    handler: async (ctx, { query }) => {
      const { rows } = await StaffAuditEntry.page(db, filterOf(query), {
        limit: EXPORT_LIMIT,
        offset: 0,
      })
      const csv = csvOf(
        CSV_COLUMNS,
        rows.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          action_label: STAFF_AUDIT_LABELS[row.action],
          data: JSON.stringify(row.data),
        })),
      )
      ctx.type = 'text/csv; charset=utf-8'
      ctx.set('Content-Disposition', 'attachment; filename="arzpol-staff-audit.csv"')
      ctx.set('Cache-Control', 'private, no-store')
      return reply(200, Buffer.from(csv, 'utf8'))
    },
  })
}
