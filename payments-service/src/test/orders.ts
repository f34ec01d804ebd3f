import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { Role, User } from '../models/user.model.ts'
import { useTestApp, type TestApp } from './app.ts'
import { insertUser } from './factories.ts'
import { ensureLevel1 } from './identity.ts'
import { TEST_CARDS } from '../sandbox-bank/cards.ts'
import { PAYOUT_ORDER, validOrder } from './sample-orders.ts'
import { startSandboxBank, type SandboxBank } from '../sandbox-bank/server.ts'
import { startSandboxIdentity, type SandboxIdentity } from '../sandbox-identity/server.ts'
import type { PaymentGateway } from '../modules/gateways/gateway.ts'
import {
  claimSecondsFor,
  reconcileOpenAttempts,
} from '../modules/orders/settlement/reconciliation.ts'

/** Test support for orders: the app wired to a real sandbox bank on a free port. */

export const TEST_CREDENTIALS_KEY = randomBytes(32).toString('base64')
export const WEB = 'http://web.test'
export const TERMINAL = '2015'
export const SEED_RATES = {
  USD: 1_150_000,
  EUR: 1_340_000,
  GBP: 1_530_000,
  TRY: 27_500,
  AED: 313_000,
}

export interface OrdersTestApp extends TestApp {
  readonly bank: SandboxBank
  /** The sandbox identity provider (src/sandbox-identity/), on a free port. */
  readonly identity: SandboxIdentity
  customer(role?: Role): Promise<{ id: number; token: string; user: User }>
}

export function useOrdersApp(env: Record<string, string> = {}): OrdersTestApp {
  let bank: SandboxBank | undefined
  let identity: SandboxIdentity | undefined
  const appEnv: Record<string, string> = {
    // The sandbox's `timeout` identity hangs; the tests wait this long, not 10 s.
    IDENTITY_TIMEOUT_MS: '500',
    CREDENTIALS_ENCRYPTION_KEY: TEST_CREDENTIALS_KEY,
    CREDENTIALS_KEY_ID: 'k-test',
    WEB_PUBLIC_URL: WEB,
    GATEWAY_TIMEOUT_MS: '5000',
    // Every read sees the rows the test just wrote; the cache itself is tested on its own.
    RATE_CACHE_TTL_SECONDS: '0',
    ...env,
  }
  // Registered before useTestApp's hooks, so the bank's address is known when the app starts.
  beforeAll(async () => {
    bank = await startSandboxBank({ port: 0, terminalIds: [TERMINAL] })
    appEnv.SANDBOX_BANK_URL = bank.url
    identity = await startSandboxIdentity({ port: 0, hangMs: 5_000 })
    appEnv.IDENTITY_SANDBOX_URL = identity.url
  })
  afterAll(async () => {
    await bank?.close()
    await identity?.close()
  })
  const t = useTestApp({ env: appEnv })
  // The harness empties every table before each test, the migration's seed rates included.
  beforeEach(async () => {
    await t.deps.db('rates').insert(
      Object.entries(SEED_RATES).map(([currency, rate]) => ({
        currency,
        buy_rate_irr: rate,
        note: 'test seed',
        // Older than anything the test sets through the (manual) clock.
        created_at: new Date(t.clock.now().getTime() - 86_400_000),
      })),
    )
  })
  return {
    get api() {
      return t.api
    },
    get deps() {
      return t.deps
    },
    get services() {
      return t.services
    },
    get kavenegar() {
      return t.kavenegar
    },
    clock: t.clock,
    smsCodes: t.smsCodes,
    get bank() {
      if (!bank) throw new Error('bank exists only inside tests')
      return bank
    },
    get identity() {
      if (!identity) throw new Error('identity exists only inside tests')
      return identity
    },
    async customer(role: Role = 'customer') {
      const user = await insertUser(t.deps, { role })
      return { id: user.id, token: await t.deps.tokens.signAccess(user), user }
    },
  }
}

export async function createOrder(
  t: OrdersTestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; amount_irr: number } & Record<string, unknown>> {
  const response = await t.api.post<{ id: number; amount_irr: number }>(
    '/api/payments/create/',
    validOrder(overrides),
    { token },
  )
  expect(response.status, response.text).toBe(201)
  return response.body
}

/**
 * A 200-dollar cash-out of Upwork income (no site login), as the customer first creates it. A
 * cash-out needs identity level 1 (ADR 024), so a level-0 customer reaches it first (with the
 * sandbox bank's paying card, so their later payments still start).
 */
export async function createPayoutOrder(
  t: OrdersTestApp,
  token: string,
  overrides: Record<string, unknown> = {},
) {
  await ensureLevel1(t, token)
  return createOrder(t, token, { ...PAYOUT_ORDER, ...overrides })
}

/** One order of a new customer with two open bank attempts (the same order in two tabs). */
export async function orderWithTwoAttempts(t: OrdersTestApp) {
  const customer = await t.customer()
  const order = await createOrder(t, customer.token)
  const one = await startOrder(t, customer.token, order.id)
  const two = await startOrder(t, customer.token, order.id)
  return { customer, order, one, two }
}

/** An order of a new customer, paid at the bank, whose callback never reached us. */
export async function paidButCallbackLost(t: OrdersTestApp) {
  const { token } = await t.customer()
  const order = await createOrder(t, token)
  const callback = await payAtBank(await startOrder(t, token, order.id), 'pay')
  return { order, callback, token }
}

/**
 * A paid order that support refund while the bank refuses every reversal: its money goes back
 * by a transfer staff make. Answers the customer and the order.
 */
export async function staffRefundTheBankRefuses(t: OrdersTestApp) {
  const customer = await t.customer()
  const staff = await t.customer('support')
  const order = await createOrder(t, customer.token)
  await postCallback(t, (await payAtBank(await startOrder(t, customer.token, order.id))).fields)
  t.bank.setFaults({ reverse: { kind: 'refuse' } })
  const refunded = await t.api.post(
    `/api/payments/${order.id}/transition/`,
    { to: 'refunded', note: 'درخواست مشتری' },
    { token: staff.token },
  )
  t.bank.setFaults({})
  expect(refunded.status, refunded.text).toBe(200)
  return { customer, order }
}

/** The smallest file payments-service recognises as a PDF by its bytes. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n',
  'latin1',
)

/** An income document uploaded to an order, as web's form sends it (multipart `file`). */
export async function uploadDocument(t: OrdersTestApp, token: string, id: number) {
  const form = new FormData()
  form.append(
    'file',
    new Blob([new Uint8Array(TEST_PDF)], { type: 'application/pdf' }),
    'payslip.pdf',
  )
  const response = await fetch(`${t.api.url}/api/payments/${id}/documents/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  expect(response.status, await response.text()).toBe(201)
}

/** The start call with the smallest body (no card, no flow), its answer left to the test. */
export const postStart = (t: OrdersTestApp, token: string, id: number) =>
  t.api.post(`/api/payments/${id}/start/`, { card_number: null }, { token })

export async function startOrder(t: OrdersTestApp, token: string, id: number) {
  const response = await t.api.post<{ gateway_url: string | null; token: string | null }>(
    `/api/payments/${id}/start/`,
    { card_number: null, flow: 'topup' },
    { token },
  )
  expect(response.status, response.text).toBe(200)
  return response.body
}

const unescape = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

/** What the browser does at the bank: open the page with the hidden form, then pay or cancel. */
export async function payAtBank(
  start: { gateway_url: string | null; token: string | null },
  action: 'pay' | 'cancel' = 'pay',
  pan: string = TEST_CARDS.success,
): Promise<{ action: string; method: string; fields: Record<string, string>; page: string }> {
  if (!start.gateway_url || !start.token) throw new Error('no gateway to pay at')
  const page = await fetch(start.gateway_url, {
    method: 'POST',
    body: new URLSearchParams({ Token: start.token, GetMethod: '' }),
  })
  const pageHtml = await page.text()
  expect(page.status, pageHtml).toBe(200)
  const payUrl = new URL('/OnlinePG/pay', start.gateway_url)
  const result = await fetch(payUrl, {
    method: 'POST',
    body: new URLSearchParams({
      Token: start.token,
      action,
      pan,
      cvv2: '123',
      exp_month: '12',
      exp_year: '09',
      pin2: '123456',
    }),
  })
  const html = await result.text()
  const form = /<form id="return" method="(\w+)" action="([^"]*)"/.exec(html)
  if (!form?.[1] || !form[2]) throw new Error(`no return form in ${html}`)
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '')
  }
  return { method: form[1], action: unescape(form[2]), fields, page: pageHtml }
}

/** The browser arriving back from the bank: our callback, not following the redirect. */
export async function postCallback(t: OrdersTestApp, fields: Record<string, string>) {
  const response = await fetch(`${t.api.url}/api/payments/callback/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: response.status, location: response.headers.get('location') }
}

/** How long `reconcileNow` leaves an open attempt to its callback; tests move the clock past it. */
export const RECONCILE_GRACE_MINUTES = 5

/** One reconciliation run, as the app's job makes it. */
export function reconcileNow(
  t: OrdersTestApp,
  {
    gateway = t.services.orders.gateway,
    graceMinutes = RECONCILE_GRACE_MINUTES,
    batchSize,
  }: {
    gateway?: PaymentGateway
    graceMinutes?: number
    batchSize?: number
  } = {},
) {
  return reconcileOpenAttempts({
    db: t.deps.db,
    clock: t.clock,
    logger: t.deps.logger,
    gateway,
    orders: t.services.orders.customer,
    graceMinutes,
    claimSeconds: claimSecondsFor(t.deps.config.GATEWAY_TIMEOUT_MS),
    batchSize,
  })
}

/** The order's stage as the database has it now. */
export async function stageOf(t: OrdersTestApp, id: number): Promise<string> {
  const row = (await t.deps.db('payments').where({ id }).first('stage')) as { stage: string }
  return row.stage
}

/** The order's bank attempts, oldest first, as the database has them now. */
export const attemptsOf = (t: OrdersTestApp, orderId: number) =>
  t.deps.db('gateway_transactions').where({ payment_id: orderId }).orderBy('id') as Promise<
    Array<Record<string, unknown> & { id: number; res_num: string; status: string }>
  >
