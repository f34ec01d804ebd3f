import type { LoaderFunctionArgs } from '@remix-run/node'
import { fetchStaffAuditCsv, parseAuditFilters } from '~/features/staff-audit/staff-audit.server.ts'
import { requireStaff, STAFF_MESSAGES } from '~/features/staff/staff.server.ts'
import { plainText, streamDownload } from '~/utils/file-download.server.ts'

/**
 * GET /staff/audit.csv?<the log's filters>: the filtered staff audit log as CSV for admins,
 * fetched from payments-service with the admin's token and handed on as a download. The filters
 * are read as the page reads them, so its link exports the rows it lists.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role, tokens, headers } = await requireStaff(request)
  // Support is refused here in plain Persian text, as downloads refuse: the admin-only error page
  // `requireStaff(request, 'admin')` throws has no page to show in a resource route, and Remix
  // would log it as a failed request.
  if (role !== 'admin') return plainText(403, STAFF_MESSAGES.adminOnly)
  const filters = parseAuditFilters(new URL(request.url))
  const refused = Object.values(filters.errors).flat()
  if (refused.length > 0) return plainText(400, refused.join('\n'))
  const upstream = await fetchStaffAuditCsv(request, tokens.access, filters.filter)
  // An admin whose role was taken away a moment ago still holds a token that says admin.
  if (upstream?.status === 403) {
    await upstream.body?.cancel()
    return plainText(403, STAFF_MESSAGES.adminOnly)
  }
  return streamDownload(upstream, headers)
}
