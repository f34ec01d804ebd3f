import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  closeServer,
  listenLocally,
  readJson,
  recordedCalls,
  sendJson as send,
} from '../../../tests/http-stand-in.ts'

/**
 * A local HTTP stand-in for payments-service's order contract (docs/product/api.md: payment types,
 * rates, orders, start) and `/api/auth/me/`, for the order routes' tests. It records what web
 * sends. Answers can be replaced per `METHOD /path` with `answer`.
 */

export interface Call {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  json: unknown
}

export interface FakeOrders {
  url: string
  calls: Call[]
  orders: Record<string, unknown>[]
  /** Replaces the answer of `METHOD /path` (query included) until `reset`. */
  answer(route: string, status: number, body: unknown): void
  reset(): void
  close(): Promise<void>
}

export const NOW = '2026-11-24T10:30:00.000Z'

export function fakeOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    status: 'pending',
    stage: 'awaiting_payment',
    payment_type: 'topup',
    site_url: 'https://wallet.example.com/',
    site_username: 'me',
    amount: '50.00',
    currency: 'USD',
    amount_irr: 59_225_000,
    subtotal_irr: 57_500_000,
    fee_irr: 1_725_000,
    rate_irr: 1_150_000,
    rate_locked_until: NOW,
    description: null,
    meta: { flow: 'topup' },
    sheba: null,
    paid_at: null,
    created_at: NOW,
    ...overrides,
  }
}

/** A payment type as payments-service answers it (the contract's PaymentTypeOut). */
function fakePaymentType(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    description: '',
    needs_credentials: false,
    direction: 'charge',
    fee_bps: 300,
    fee_fixed_irr: 0,
    min_amount: 50,
    max_amount: 10_000,
    ...overrides,
  }
}

export async function startFakeOrders(): Promise<FakeOrders> {
  const orders: Record<string, unknown>[] = []
  const { calls, answerFor, answer, reset } = recordedCalls<Call>(() => {
    orders.length = 0
  })

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const json = await readJson(req)
    const path = req.url ?? '/'
    const method = req.method ?? 'GET'
    calls.push({
      method,
      path,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      json,
    })
    const override = answerFor(`${method} ${path}`)
    if (override) return send(res, override.status, override.body)
    if (path === '/api/auth/me/') return send(res, 200, { id: 1, username: 'سارا', email: null })
    if (path === '/api/payment-types/') {
      return send(res, 200, [
        fakePaymentType({ value: 'topup', label: 'شارژ', needs_credentials: true }),
        fakePaymentType({ value: 'payout', label: 'نقد', direction: 'payout' }),
      ])
    }
    if (path === '/api/payments/create/') {
      const order = fakeOrder({ id: 7 + orders.length })
      orders.unshift(order)
      return send(res, 201, order)
    }
    if (/^\/api\/payments\/\d+\/start\/$/.test(path)) {
      return send(res, 200, { gateway_url: 'http://bank.test/OnlinePG/OnlinePG', token: 'tok-1' })
    }
    if (path === '/api/payments/') return send(res, 200, orders)
    const detail = /^\/api\/payments\/(\d+)\/$/.exec(path)
    if (detail) {
      const order = orders.find((o) => o.id === Number(detail[1]))
      return order
        ? send(res, 200, { ...order, missing: [], events: [] })
        : send(res, 404, { detail: 'یافت نشد' })
    }
    if (path === '/api/rates/USD/') {
      return send(res, 200, { currency: 'USD', buy_rate_irr: 1_150_000, updated_at: NOW })
    }
    if (path.startsWith('/api/rates/USD/daily/')) {
      return send(res, 200, [
        { date: '2026-11-23', buy_rate_irr: 1_140_000 },
        { date: '2026-11-22', buy_rate_irr: 1_130_000 },
        { date: '2026-11-24', buy_rate_irr: 1_150_000 },
      ])
    }
    if (path === '/api/ticketing/tickets/') {
      return send(res, 200, [{ status: 'open' }, { status: 'closed' }])
    }
    send(res, 404, { detail: 'یافت نشد' })
  })
  return {
    url: await listenLocally(server),
    calls,
    orders,
    answer,
    reset,
    close: () => closeServer(server),
  }
}
