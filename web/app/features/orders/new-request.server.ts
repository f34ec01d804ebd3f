import { data, redirect } from '@remix-run/node'
import { CreateOrderBody } from '@arzpol/contracts/orders/customer'
import type { FormErrors } from '~/utils/form-errors.ts'
import { errorsFromApi, errorsFromZod, formDataToObject } from '~/utils/form-errors.ts'
import { readFormData } from '~/utils/form-data.server.ts'
import { quoteChangedSchema, quoteExpiredSchema } from '~/features/orders/order-schemas.ts'
import { createOrder, startOrder } from '~/features/orders/orders.server.ts'
import { createPaymentBody, newRequestSchema, ORDER_MESSAGES } from '~/features/orders/orders.ts'
import { flashCookie } from '~/features/auth/session.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { limitRefusalOf } from '~/features/identity/identity.server.ts'
import type { Quote, QuoteExpired } from './new-request-quote.tsx'

/**
 * The submit flow (docs/product/orders.md), on the server: create the order, start it, and hand the
 * page what it needs to post the hidden form to the bank. Cash-out has no gateway: success message,
 * then the orders page. A lock that ran out re-quotes: the new amounts are shown and the customer
 * starts again.
 */

/**
 * The create body's fields that the form shows; the API's errors on `meta` and `quote_token`
 * (which the customer does not type) go to the form's own list.
 */
const FIELD_NAMES = Object.keys(CreateOrderBody.shape).filter(
  (name) => name !== 'meta' && name !== 'quote_token',
)

export type NewRequestActionData =
  | {
      kind: 'errors'
      errors: FormErrors
      values: Record<string, string>
      orderId?: number
      /**
       * Refused for the customer's identity (above the level's limit, or no verified card to pay
       * with): the form links `/dashboard/identity`.
       */
      identityLink?: boolean
      /** Refused for its amount (a level's limit): the form shows no price for that amount. */
      amountRefused?: boolean
      /** 409 quote_changed: the quote create answered, shown until the live quote refreshes. */
      newQuote?: Quote
    }
  | {
      kind: 'gateway'
      orderId: number
      gatewayUrl: string
      token: string
      /** The order's price, on the hand-off page: without JavaScript it shows before the bank. */
      price?: OrderPrice
    }
  | (QuoteExpired & { kind: 'quote_expired'; lockedUntil: string })

export interface OrderPrice {
  amountIrr: number
  rateIrr: number
  feeIrr: number
}

/** Same shape payments-service accepts for `Idempotency-Key`; anything else is not forwarded. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/

/** The form's one-per-render key (hidden field), if it looks like one. */
function idempotencyKeyOf(values: Record<string, string>): string | undefined {
  const key = values.idempotency_key ?? ''
  return IDEMPOTENCY_KEY.test(key) ? key : undefined
}

/** The values sent back to refill the form; passwords never are. */
function refill(values: Record<string, string>): Record<string, string> {
  const { site_password: _password, intent: _intent, ...rest } = values
  return rest
}

/** The card picked on the form (an id of the customer's cards); payments-service checks it. */
function cardChoiceOf(values: Record<string, string>): { card_id?: number } {
  const id = values.card_id ?? ''
  return /^\d{1,15}$/.test(id) ? { card_id: Number(id) } : {}
}

/** Payment start refused for the customer's cards (ADR 024): the identity page registers them. */
const CARD_REFUSALS = ['card_required', 'card_not_registered']

/**
 * 403 `identity_limit` (at create or at start): only the refusal's Persian `detail` (its other
 * fields are numbers and codes), and the page links the identity page.
 */
function limitRefused(
  body: Parameters<typeof limitRefusalOf>[0],
  values: Record<string, string>,
  headers: Headers,
  orderId?: number,
) {
  const refusal = limitRefusalOf(body)
  if (!refusal) return null
  return data<NewRequestActionData>(
    {
      kind: 'errors',
      errors: { form: [refusal.detail], fields: {} },
      values: refill(values),
      identityLink: refusal.next_level !== null,
      amountRefused: true,
      ...(orderId === undefined ? {} : { orderId }),
    },
    { status: 403, headers },
  )
}

async function start(
  request: Request,
  token: string,
  headers: Headers,
  orderId: number,
  flow: string,
  values: Record<string, string>,
  sheba?: string,
  price?: OrderPrice,
) {
  const started = await startOrder(
    request,
    token,
    orderId,
    { flow, ...(sheba ? { sheba } : {}), ...cardChoiceOf(values) },
    idempotencyKeyOf(values),
  )
  if (started.ok) {
    if (started.data.gateway_url && started.data.token) {
      return data<NewRequestActionData>(
        {
          kind: 'gateway',
          orderId,
          gatewayUrl: started.data.gateway_url,
          token: started.data.token,
          ...(price && { price }),
        },
        { headers },
      )
    }
    // The non-gateway branch (cash-out): success message, then the orders page.
    headers.append('Set-Cookie', flashCookie.serialize({ message: ORDER_MESSAGES.created }))
    throw redirect('/dashboard/orders', { headers })
  }
  const expired = quoteExpiredSchema.safeParse(started.body)
  if (started.status === 409 && expired.success) {
    return data<NewRequestActionData>(
      {
        kind: 'quote_expired',
        orderId,
        flow,
        detail: expired.data.detail,
        amountIrr: expired.data.amount_irr,
        rateIrr: expired.data.rate_irr,
        feeIrr: expired.data.fee_irr,
        lockedUntil: expired.data.rate_locked_until,
      },
      { status: 409, headers },
    )
  }
  const overLimit = limitRefused(started.body, values, headers, orderId)
  if (overLimit) return overLimit
  getLogger().warn({ orderId, status: started.status }, 'starting an order failed')
  const errors = errorsFromApi(started.body, ORDER_MESSAGES.failed, { sheba: 'sheba' })
  if (!errors.form.includes(ORDER_MESSAGES.failed)) errors.form.unshift(ORDER_MESSAGES.failed)
  const identityLink = CARD_REFUSALS.includes(String(started.body?.code ?? ''))
  return data<NewRequestActionData>(
    {
      kind: 'errors',
      errors,
      values: refill(values),
      orderId,
      ...(identityLink && { identityLink }),
    },
    { status: started.status >= 400 && started.status < 500 ? started.status : 502, headers },
  )
}

export async function newRequestAction(request: Request, token: string, headers: Headers) {
  const values = formDataToObject(await readFormData(request))

  if (values.intent === 'start') {
    const orderId = Number(values.order_id)
    if (!Number.isSafeInteger(orderId) || orderId <= 0) {
      throw new Response('Unknown order', { status: 400 })
    }
    return start(request, token, headers, orderId, values.flow || 'retry', values)
  }
  if (values.intent !== 'submit') throw new Response('Unknown form', { status: 400 })

  const parsed = newRequestSchema.safeParse(values)
  if (!parsed.success) {
    return data<NewRequestActionData>(
      { kind: 'errors', errors: errorsFromZod(parsed.error), values: refill(values) },
      { status: 400, headers },
    )
  }
  const body = createPaymentBody(parsed.data)
  const created = await createOrder(request, token, body, idempotencyKeyOf(values))
  const changed = created.ok ? null : quoteChangedSchema.safeParse(created.body)
  if (!created.ok && created.status === 409 && changed?.success) {
    // The quote on screen no longer holds (ADR 013): nothing was created. The form comes back
    // with the new amount and the new quote's token, so sending it again pays that.
    return data<NewRequestActionData>(
      {
        kind: 'errors',
        errors: { form: [ORDER_MESSAGES.quoteChanged(changed.data.quote.amount_irr)], fields: {} },
        values: { ...refill(values), quote_token: changed.data.quote.quote_token },
        newQuote: changed.data.quote,
      },
      { status: 409, headers },
    )
  }
  const overLimit = created.ok ? null : limitRefused(created.body, values, headers)
  if (overLimit) return overLimit
  if (!created.ok) {
    // The customer changed the form after a submission that went through: a new key lets this
    // one be a new order (the old one is on the orders page).
    const reused = created.body?.code === 'idempotency_key_reused'
    if (reused) values.idempotency_key = crypto.randomUUID()
    const fieldMap = Object.fromEntries(FIELD_NAMES.map((name) => [name, name]))
    const errors = errorsFromApi(created.body, ORDER_MESSAGES.failed, fieldMap)
    if (created.status !== 400 && !errors.form.includes(ORDER_MESSAGES.failed))
      errors.form.unshift(ORDER_MESSAGES.failed)
    return data<NewRequestActionData>(
      { kind: 'errors', errors, values: refill(values) },
      { status: created.status >= 400 && created.status < 500 ? created.status : 502, headers },
    )
  }
  return start(
    request,
    token,
    headers,
    created.data.id,
    body.meta.flow,
    values,
    parsed.data.payment_type === 'payout' ? parsed.data.sheba : undefined,
    {
      amountIrr: created.data.amount_irr,
      rateIrr: created.data.rate_irr,
      feeIrr: created.data.fee_irr,
    },
  )
}
