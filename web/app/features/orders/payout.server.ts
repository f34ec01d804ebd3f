import { errorsFromApi } from '~/utils/form-errors.ts'
import { ORDER_MESSAGES } from '~/features/orders/orders.ts'
import { setOrderSheba } from '~/features/orders/orders.server.ts'

/** ADR 017: the order page's Sheba form, sent on to payments-service's `/sheba/`. */

export const SHEBA_MESSAGES = {
  saved: 'شماره شبا ثبت شد.',
  failed: 'ثبت شماره شبا انجام نشد. دوباره تلاش کنید.',
} as const

export type ShebaResult =
  { ok: true } | { ok: false; status: number; sheba: string[]; form: string[] }

export async function saveSheba(
  request: Request,
  token: string,
  orderId: number,
  form: FormData,
): Promise<ShebaResult> {
  const value = form.get('sheba')
  const sheba = typeof value === 'string' ? value.trim() : ''
  if (!sheba) return { ok: false, status: 400, sheba: [ORDER_MESSAGES.sheba], form: [] }
  const result = await setOrderSheba(request, token, orderId, sheba)
  if (result.ok) return { ok: true }
  const status = result.status >= 400 && result.status < 500 ? result.status : 502
  const errors =
    status === 502
      ? { form: [SHEBA_MESSAGES.failed], fields: {} as Record<string, string[]> }
      : errorsFromApi(result.body, SHEBA_MESSAGES.failed, { sheba: 'sheba' })
  return { ok: false, status, sheba: errors.fields.sheba ?? [], form: errors.form }
}
