import { z } from 'zod'
import { clientIpOf } from '../../http/client-ip.ts'
import type { AppContext } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { created, file, ok, reply, replyFile, routeGroup, type Api } from '../../http/route.ts'
import { readMultipart } from '../../http/uploads.ts'
import type { OrderDocumentRow } from '../../models/order-document.model.ts'
import type { OrderEvent } from '../../models/order-event.model.ts'
import type { OrderView } from '../../models/order.model.ts'
import { formatMinor } from '@arzpol/contracts'
import { isCustomerEvent } from './fulfilment/actions.ts'
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, type RequestHasher } from './checkout/idempotency.ts'
import {
  CreateOrderBody,
  DOCUMENT_TYPES,
  DocumentOut,
  DocumentParams,
  documentFile,
  IdParams,
  OrderParams,
  CustomerOrderDetailOut,
  CustomerOrderOut,
  CustomerOrderWithMissingOut,
  RefundAccountBody,
  RefundAccountOut,
  ShebaBody,
  StartBody,
  StartResponse,
} from '@arzpol/contracts/orders/customer'
import type { DocumentService } from './fulfilment/documents.ts'
import { shebaBankName } from './fulfilment/payout-details.ts'
import { refundAccountOf } from './settlement/refund-account.ts'
import type { OrdersService } from './orders.service.ts'

const CALLBACK_BODY_LIMIT = 16 * 1024

/** The customer-facing shape: never the password, its ciphertext or its key id. */
export const orderBody = (order: OrderView) => ({
  id: order.id,
  status: order.status,
  stage: order.stage,
  payment_type: order.payment_type,
  site_url: order.site_url,
  site_username: order.site_username,
  amount: formatMinor(order.amount_minor),
  currency: order.currency,
  amount_irr: order.amount_irr,
  subtotal_irr: order.subtotal_irr,
  fee_irr: order.fee_irr,
  rate_irr: order.rate_irr,
  rate_locked_until: order.rate_locked_until,
  description: order.description,
  meta: order.meta,
  sheba: order.sheba,
  paid_at: order.paid_at,
  created_at: order.created_at,
})

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/** Staff notes and references are written for the customer; internal notes never leave. */
const eventBody = (event: OrderEvent) => ({
  id: event.id,
  from_stage: event.from_stage,
  to_stage: event.to_stage,
  reason: event.reason,
  actor: event.actor,
  note: textOrNull(event.data.note),
  reference: textOrNull(event.data.reference),
  created_at: event.created_at,
})

const IDEMPOTENCY_DOC =
  ' Send an `Idempotency-Key` header (1–128 of `A-Za-z0-9_.:-`, one per intended operation): a repeat with the same key and body answers the same again (24 h); the same key with another body is refused with 422 `idempotency_key_reused`, and 409 `idempotency_key_in_progress` while the first is still running.'

/** The request's Idempotency-Key with the keyed hash of the body it came with, or undefined. */
function idempotencyOf(
  ctx: AppContext,
  requestHash: RequestHasher,
): { key: string; hash: string } | undefined {
  const key = idempotencyKeyOf(ctx.get(IDEMPOTENCY_HEADER))
  return key === undefined ? undefined : { key, hash: requestHash(ctx.request.body) }
}

/** Form fields of a bank callback: urlencoded POST body (read here: the app parses only JSON), or the query string. */
async function callbackFields(ctx: AppContext): Promise<Record<string, string>> {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(ctx.query)) {
    if (typeof value === 'string') fields[name] = value
  }
  if (ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded')) {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length
      if (size > CALLBACK_BODY_LIMIT)
        throw new ApiError(413, 'حجم درخواست بیش از حد مجاز است.', 'payload_too_large')
      chunks.push(chunk as Buffer)
    }
    for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      fields[name] = value
  } else if (ctx.method === 'POST' && ctx.request.body && typeof ctx.request.body === 'object') {
    for (const [name, value] of Object.entries(ctx.request.body as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value)
    }
  }
  return fields
}

export function registerOrderRoutes(
  api: Api,
  deps: { orders: OrdersService; webPublicUrl: string; requestHash: RequestHasher },
) {
  const { orders, requestHash } = deps
  const web = deps.webPublicUrl.replace(/\/+$/, '')
  const anyone = routeGroup(api, { tags: ['orders'] })
  const customer = routeGroup(api, { tags: ['orders'], auth: 'user' })

  // Before the `:id` routes, so /api/payments/callback/ is never read as an order id.
  for (const method of ['post', 'get'] as const) {
    anyone[method]('/api/payments/callback/', {
      operationId: `payments_callback_${method}`,
      summary: `The bank's return of the browser (${method.toUpperCase()}; no authentication)`,
      description:
        'SEP callback fields (State, Status, RefNum, ResNum, Token, …) as a form body or query string. Verifies with the bank server to server, checks the amount and the uniqueness of RefNum, changes the order at most once, then redirects to `WEB_PUBLIC_URL/dashboard/orders/{id}?payment=success|failed|pending`.',
      responses: {
        303: { description: 'Redirect (Location) to the order page in web', schema: z.string() },
      },
      handler: async (ctx) => {
        const result = await orders.handleCallback(await callbackFields(ctx))
        const target =
          result.orderId === null
            ? `${web}/dashboard/orders?payment=failed`
            : `${web}/dashboard/orders/${result.orderId}?payment=${result.outcome}`
        ctx.redirect(target)
        ctx.type = 'text/plain'
        return reply(303, `Redirecting to ${target}`)
      },
    })
  }

  customer.post('/api/payments/create/', {
    operationId: 'payments_create',
    summary: 'Place an order at the current rate (locked for RATE_LOCK_MINUTES)',
    description: `One order per request. With the \`quote_token\` of GET /api/quote/ (optional; the public API's documented client sends none) the order gets exactly that quote's rate, fee and lock end while the token is valid; a token that no longer holds (expired, tampered, for another amount, currency or type, or priced from an instance's copy of the rates or fees that was already out of date: reason \`stale\`, ADR 033) answers 409 \`quote_changed\` with \`quote\`, the current quote and its new token. 503 \`rate_stale\` when the rate is older than RATE_MAX_AGE_MINUTES. 403 \`identity_limit\` when the order does not fit in the limits of the customer's identity level (per order, today, this month; ADR 022), with \`limit\`, \`next_level\`, \`limit_irr\` and \`remaining_irr\`.${IDEMPOTENCY_DOC}`,
    body: CreateOrderBody,
    responses: created('Created', CustomerOrderOut),
    errors: [403, 409, 422, 429, 503],
    handler: async (ctx, { body, user }) =>
      reply(
        201,
        orderBody(
          await orders.create(user, body, idempotencyOf(ctx, requestHash), clientIpOf(ctx)),
        ),
      ),
  })

  customer.get('/api/payments/', {
    operationId: 'payments_list',
    summary: "The caller's orders, newest first",
    responses: ok('Orders', z.array(CustomerOrderOut)),
    handler: async (_ctx, { user }) => reply(200, (await orders.list(user)).map(orderBody)),
  })

  customer.get('/api/payments/:id/', {
    operationId: 'payments_detail',
    summary: 'One order with its event timeline (owner or staff; 404 otherwise)',
    params: IdParams,
    responses: ok('Order', CustomerOrderDetailOut),
    errors: [404],
    handler: async (_ctx, { params, user }) => {
      const { order, events, moneyBack, missing, bankReceipt, expectedCard } = await orders.detail(
        user,
        params.id,
      )
      return reply(200, {
        ...orderBody(order),
        missing,
        sheba_bank_name: shebaBankName(order.sheba),
        events: events.filter(isCustomerEvent).map(eventBody),
        money_back: moneyBack,
        bank_receipt: bankReceipt,
        expected_card: expectedCard,
        refund_account: refundAccountOf(order),
      })
    },
  })

  customer.post('/api/payments/:id/start/', {
    operationId: 'payments_start',
    summary: 'Start paying an order: the gateway address and token for the hidden form',
    description: `Only for an order awaiting payment (409 \`invalid_stage\` otherwise). If the rate lock expired, the order is re-quoted and 409 \`quote_expired\` answers the new amount; starting again pays that. Cash-out answers \`gateway_url: null\` (the original client's payload \`{card_number: null, flow}\` is enough): with its Sheba (this body's or the order's) and at least one income document it goes to staff (\`in_progress\`); otherwise it waits in \`awaiting_payout_details\` (status pending, never expired) and the order's \`missing\` says what it needs (ADR 017). Starting such a cash-out again answers the same. The identity level's limits are checked again (403 \`identity_limit\`, as at create). From identity level 1 on only the customer's registered cards pay (ADR 024): \`card_id\` (as the order form offers the customer's cards) or \`card_number\` picks one (409 \`card_not_registered\` if it is not theirs), neither the first; without any card 409 \`card_required\`. A cash-out's Sheba must be the customer's own at level 1 (409 \`sheba_not_owner\`, 503 \`inquiry_unavailable\`, 429 \`inquiry_limit\` when today's paid inquiries of the customer or the client address are used up); without level 1 it waits (\`missing\` lists \`identity_level\` and \`sheba_owner_check\`). Without a Sheba in the body, the order's own Sheba never checked for the customer is asked about at level 1 (ADR 028): the customer's, marked checked; someone else's, taken off the order (a \`sheba_not_owner\` event, \`missing\` lists \`sheba\`); unanswered, kept, and the order waits (\`sheba_owner_check\`).${IDEMPOTENCY_DOC}`,
    params: IdParams,
    body: StartBody,
    responses: ok('Go to the bank', StartResponse),
    errors: [403, 404, 409, 422, 429, 502, 503],
    handler: async (ctx, { params, body, user }) =>
      reply(
        200,
        await orders.start(
          user,
          params.id,
          { sheba: body.sheba ?? null, card_number: body.card_number, card_id: body.card_id },
          idempotencyOf(ctx, requestHash),
          clientIpOf(ctx),
        ),
      ),
  })

  customer.post('/api/payments/:id/sheba/', {
    operationId: 'payments_sheba',
    summary: 'Give or correct the Sheba of a cash-out not yet with staff (owner)',
    description:
      "For a cash-out awaiting payment or awaiting its details (409 `invalid_stage` once with staff, 409 `not_payout` for other types). A cash-out waiting for its details goes to staff (`in_progress`) when this was the last thing missing; the answer carries the order with `missing` and the Sheba's bank. At identity level 1 the Sheba must be the customer's own: 409 `sheba_not_owner`, 503 `inquiry_unavailable` when the provider cannot answer (ADR 024), 429 `inquiry_limit` with `retry_after` when today's paid inquiries of the customer or the client address are used up (ADR 030). Below level 1 it is stored unchecked (`missing` lists `sheba_owner_check`) and asked about when the customer reaches level 1 (ADR 028).",
    params: IdParams,
    body: ShebaBody,
    responses: ok('Recorded', CustomerOrderWithMissingOut),
    errors: [404, 409, 429, 503],
    handler: async (ctx, { params, body, user }) => {
      const { order, missing } = await orders.setSheba(user, params.id, body.sheba, clientIpOf(ctx))
      return reply(200, {
        ...orderBody(order),
        missing,
        sheba_bank_name: shebaBankName(order.sheba),
      })
    },
  })

  customer.post('/api/payments/:id/refund-account/', {
    operationId: 'payments_refund_account',
    summary: "Give the account a bank transfer of this order's money goes back to (owner)",
    description:
      "Only while money of the order is held or waits for a transfer staff make (`money_back` items `held` or `pending`): 409 `no_transfer_due` otherwise (a bank reversal goes back to the paying card by itself). The Sheba must be the customer's own: at identity level 1 its owner is asked at once (409 `sheba_not_owner`, 503 `inquiry_unavailable`, 429 `inquiry_limit` with `retry_after`, as for a cash-out); below level 1 it is kept with `owner_checked: false` and staff check the owner by hand before they transfer (ADR 038). Giving another replaces it. Answers the order's `refund_account`.",
    params: IdParams,
    body: RefundAccountBody,
    responses: ok('Recorded', RefundAccountOut),
    errors: [404, 409, 429, 503],
    handler: async (ctx, { params, body, user }) =>
      reply(200, await orders.setRefundAccount(user, params.id, body.sheba, clientIpOf(ctx))),
  })

  customer.post('/api/payments/:id/cancel/', {
    operationId: 'payments_cancel',
    summary: 'Cancel an order that is still awaiting payment (owner)',
    params: IdParams,
    responses: ok('Cancelled', CustomerOrderOut),
    errors: [404, 409],
    handler: async (_ctx, { params, user }) => {
      const { order } = await orders.detail(user, params.id)
      if (order.user_id !== user.id) throw new ApiError(404, 'یافت نشد', 'not_found')
      return reply(200, orderBody(await orders.cancel(user, params.id)))
    },
  })

  // POST /api/payments/:id/transition/ (staff actions) is the staff side: orders/staff.routes.ts.
}

const documentBody = (row: OrderDocumentRow) => ({
  id: row.id,
  payment_id: row.payment_id,
  file_name: row.file_name,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
  uploaded_by_user_id: row.uploaded_by_user_id,
  created_at: row.created_at,
})

/** An order's documents (cash-out income papers and the like): owner or staff. */
export function registerDocumentRoutes(api: Api, documents: DocumentService) {
  // Staff are signed-in users too: the service lets them at every order's documents.
  const customer = routeGroup(api, { tags: ['orders'], auth: 'user' })

  customer.post('/api/payments/:id/documents/', {
    operationId: 'payments_documents_create',
    summary: 'Attach a document to an order (multipart: `file`; owner or staff)',
    description:
      "PDF, PNG, JPEG or WebP recognised by their bytes (a renamed executable is refused with 400), at most 10 MB (413 `file_too_large`), 20 per order (409 `too_many_documents`). Customers only while the order is open (409 `order_closed`). Someone else's order answers 404.",
    params: OrderParams,
    body: z.object({ file: documentFile }),
    multipart: { read: readMultipart, only: true },
    responses: created('Stored', DocumentOut),
    errors: [404, 409, 413, 429],
    handler: async (ctx, { params, body, user }) =>
      reply(201, documentBody(await documents.upload(user, params.id, body.file, clientIpOf(ctx)))),
  })

  customer.get('/api/payments/:id/documents/', {
    operationId: 'payments_documents_list',
    summary: "An order's documents, oldest first (owner or staff)",
    params: OrderParams,
    responses: ok('Documents', z.array(DocumentOut)),
    errors: [404],
    handler: async (_ctx, { params, user }) =>
      reply(200, (await documents.list(user, params.id)).map(documentBody)),
  })

  customer.get('/api/payments/:id/documents/:docId/download/', {
    operationId: 'payments_documents_download',
    summary: 'Download one document of an order (owner or staff)',
    description:
      'Always `Content-Disposition: attachment` with the detected type, `X-Content-Type-Options: nosniff` and a sandboxing CSP.',
    params: DocumentParams,
    responses: file('The file', DOCUMENT_TYPES),
    errors: [404],
    handler: async (ctx, { params, user }) => {
      const { document, body } = await documents.open(user, params.id, params.docId)
      const { content_type: type, size_bytes: size, file_name: downloadAs } = document
      return replyFile(ctx, { type, size, downloadAs }, body)
    },
  })
}
