import type { LoaderFunctionArgs } from '@remix-run/node'
import { renderReceiptPdf } from '~/features/orders/receipt-pdf.server.ts'
import { loadReceipt } from '~/features/orders/receipt.server.ts'

/** The receipt of a paid order as a PDF download (the receipt page links it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, customer, headers } = await loadReceipt(request, params.orderId)
  const pdf = await renderReceiptPdf({ order, customer })
  const answer = new Headers(headers)
  answer.set('Content-Type', 'application/pdf')
  answer.set('Content-Disposition', `attachment; filename="arzpol-receipt-${order.id}.pdf"`)
  answer.set('Cache-Control', 'private, no-store')
  return new Response(new Uint8Array(pdf), { headers: answer })
}
