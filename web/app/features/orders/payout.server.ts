import { errorsFromApi } from '~/utils/form-errors.ts'
import { ORDER_MESSAGES } from '~/features/orders/orders.ts'
import { setOrderRefundAccount, setOrderSheba } from '~/features/orders/orders.server.ts'

/**
 * The order page's Sheba forms, sent on to payments-service: a cash-out's (`/sheba/`, ADR 017)
 * and the account for money going back by transfer (`/refund-account/`, ADR 038).
 */

export const SHEBA_MESSAGES = {
  saved: 'شماره شبا ثبت شد.',
  failed: 'ثبت شماره شبا انجام نشد. دوباره تلاش کنید.',
} as const

export type ShebaResult =
  { ok: true } | { ok: false; status: number; sheba: string[]; form: string[] }

const SENDERS = { payout: setOrderSheba, refund: setOrderRefundAccount } as const

export async function saveSheba(
  request: Request,
  token: string,
  orderId: number,
  form: FormData,
  purpose: keyof typeof SENDERS = 'payout',
): Promise<ShebaResult> {
  const value = form.get('sheba')
  const sheba = typeof value === 'string' ? value.trim() : ''
  if (!sheba) return { ok: false, status: 400, sheba: [ORDER_MESSAGES.sheba], form: [] }
  const result = await SENDERS[purpose](request, token, orderId, sheba)
  if (result.ok) return { ok: true }
  const status = result.status >= 400 && result.status < 500 ? result.status : 502
  const errors =
    status === 502
      ? { form: [SHEBA_MESSAGES.failed], fields: {} as Record<string, string[]> }
      : errorsFromApi(result.body, SHEBA_MESSAGES.failed, { sheba: 'sheba' })
  return { ok: false, status, sheba: errors.fields.sheba ?? [], form: errors.form }
}
