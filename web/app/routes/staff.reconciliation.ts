import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { streamDownload } from '~/utils/file-download.server.ts'
import { fetchReconciliationCsv } from '~/features/orders/staff-orders.server.ts'
import {
  reconciliationDay,
  RECONCILIATION_FORM_PAGE,
  RETURNED_DAY_PARAM,
} from '~/features/orders/reconciliation-day.server.ts'
import { requireStaff } from '~/features/staff/staff.server.ts'

/**
 * GET /staff/reconciliation?day=۱۴۰۵/۰۹/۰۸: the day's reconciliation (bank verified against the
 * ledger) as CSV for the accountants, fetched from payments-service with the staff member's
 * token and handed on as a download. Without a real day, back to the form with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireStaff(request)
  const raw = new URL(request.url).searchParams.get('day') ?? ''
  const parsed = reconciliationDay(raw)
  if ('error' in parsed) {
    const back = new URLSearchParams({ [RETURNED_DAY_PARAM]: raw })
    return redirect(`${RECONCILIATION_FORM_PAGE}?${back.toString()}#reconciliation`, { headers })
  }
  const upstream = await fetchReconciliationCsv(request, tokens.access, parsed.day)
  return streamDownload(upstream, headers, {
    filename: `arzpol-reconciliation-${parsed.day}.csv`,
  })
}
