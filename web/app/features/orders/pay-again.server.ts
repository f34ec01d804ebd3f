import { getOrder } from '~/features/orders/orders.server.ts'
import { PAY_AGAIN_STAGES } from '~/features/orders/orders.ts'

/**
 * «پرداخت مجدد»: the new-request form filled in from an order that ended unpaid (failed at the
 * bank, cancelled, expired), so the customer confirms instead of typing everything again. The
 * new order is priced afresh; the site password is never sent back by payments-service, so the
 * page asks for it again and says why.
 */

export interface PayAgain {
  orderId: number
  values: Record<string, string>
}

export async function payAgainValues(
  request: Request,
  token: string,
  param: string | null,
): Promise<PayAgain | null> {
  if (!param || !/^\d{1,15}$/.test(param)) return null
  const id = Number(param)
  const result = await getOrder(request, token, id)
  // Someone else's order is a 404 like a missing one: the form is then simply empty.
  if (!result.ok || !PAY_AGAIN_STAGES.includes(result.data.stage)) return null
  const order = result.data
  const meta = order.meta as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    orderId: order.id,
    values: {
      payment_type: order.payment_type,
      site_url: order.site_url,
      site_username: text(order.site_username),
      amount: order.amount,
      currency: order.currency,
      description: text(order.description),
      sheba: text(order.sheba),
      flow: text(meta.flow) || order.payment_type,
      service: text(meta.service),
    },
  }
}
