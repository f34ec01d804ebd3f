import { errorsFromApi } from '~/utils/form-errors.ts'
import { cancelOrder } from '~/features/orders/orders.server.ts'

/** The order page's cancel button, sent on to payments-service's `/cancel/`. */

export const CANCEL_MESSAGES = {
  cancelled: 'سفارش لغو شد. برای همان خرید، «پرداخت مجدد» فرم را با اطلاعات این سفارش پر می‌کند.',
  failed: 'لغو سفارش انجام نشد. صفحه را دوباره باز کنید و دوباره تلاش کنید.',
} as const

export type CancelResult = { ok: true } | { ok: false; status: number; errors: string[] }

export async function cancelOwnOrder(
  request: Request,
  token: string,
  orderId: number,
): Promise<CancelResult> {
  const result = await cancelOrder(request, token, orderId)
  if (result.ok) return { ok: true }
  // 409: the order moved on meanwhile (paid, expired): payments-service says so in Persian.
  const status = result.status >= 400 && result.status < 500 ? result.status : 502
  const errors =
    status === 502
      ? [CANCEL_MESSAGES.failed]
      : errorsFromApi(result.body, CANCEL_MESSAGES.failed).form
  return { ok: false, status, errors: errors.length ? errors : [CANCEL_MESSAGES.failed] }
}
