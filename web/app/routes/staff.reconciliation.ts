import type { LoaderFunctionArgs } from '@remix-run/node'
import { plainText, streamDownload } from '~/utils/file-download.server.ts'
import { fetchReconciliationCsv } from '~/features/orders/staff-orders.server.ts'
import { requireStaff } from '~/features/staff/staff.server.ts'

/**
 * GET /staff/reconciliation?day=YYYY-MM-DD: the day's reconciliation (bank verified against the
 * ledger) as CSV for the accountants, fetched from payments-service with the staff member's
 * token and handed on as a download.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const day = new URL(request.url).searchParams.get('day') ?? ''
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    return plainText(400, 'روز گزارش را انتخاب کنید.')
  }
  const upstream = await fetchReconciliationCsv(request, tokens.access, day)
  return streamDownload(upstream, headers, { filename: `arzpol-reconciliation-${day}.csv` })
}
