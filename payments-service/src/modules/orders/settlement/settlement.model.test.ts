import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import type { User } from '../../../models/user.model.ts'
import type { BankFaults, SandboxBank } from '../../../sandbox-bank/server.ts'
import { TEST_CARDS } from '../../../sandbox-bank/cards.ts'
import { addCard, liftIdentityLimits, reachLevel1 } from '../../../test/identity.ts'
import { hashedPanOf } from '../../identity/ownership.ts'
import { checkLedger } from '../../ledger/invariants.ts'
import { ACCOUNTS } from '../../../models/ledger.model.ts'
import { reconcileOpenAttempts } from './reconciliation.ts'
import { createSettlement, type SettlementStep } from './settlement.ts'
import { payAtBank, useOrdersApp, type OrdersTestApp } from '../../../test/orders.ts'
import { validOrder } from '../../../test/sample-orders.ts'

/**
 * Model-based test of the money path (ADR 014, the ledger's invariants): random sequences of
 * orders, attempts, payments at the real sandbox bank, genuine, replayed, forged and
 * cross-customer callbacks, a bank that loses answers, refuses reversals or cannot be reached,
 * crashes between settlement steps, cancels, staff refunds and fulfilment, and reconciliation
 * runs. The last customer is at identity level 1 with one registered card and sometimes pays with
 * another (ADR 024; the sandbox bank is set to let any card pay, as a bank without VSEP does).
 * After every command the ledger's invariants are checked against the database and
 * against what the bank really holds. A failure prints fast-check's seed and shrunk sequence;
 * `npm test` runs 400 sequences to stay inside CI's budget; `npm run fuzz` runs 1,000, and
 * `MODEL_RUNS=5000 npx vitest run settlement.model` runs longer.
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 400)
/** Customers 0–2 are at level 0 and pay with any card; customer 3 is at level 1. */
const LEVEL1 = 3
/** The level-1 customer's one registered card; every other card that pays is foreign to them. */
const OWN_CARD = hashedPanOf(TEST_CARDS.success)
const FINAL = new Set(['payment_failed', 'expired', 'cancelled', 'rejected', 'refunded', 'done'])

interface Attempt {
  orderIndex: number
  token: string
  gatewayUrl: string
  /** The bank's return form, once the customer finished at the bank. */
  fields?: Record<string, string>
}
interface World {
  t: OrdersTestApp
  users: User[]
  staffUser: User
  customers: Array<{ token: string }>
  staff: string
  orders: Array<{ id: number; customer: number }>
  attempts: Attempt[]
  /** Stages seen final stay final. */
  finalStage: Map<number, string>
  faults: BankFaults
}

type Cmd = fc.AsyncCommand<object, World>
type BankPayment = ReturnType<SandboxBank['payments']>[number]
/** A command that finds nothing to act on (`false`) changed nothing and is not checked. */
const cmd = (name: string, run: (w: World) => Promise<void | false>): Cmd => ({
  check: () => true,
  run: async (_m, w) => {
    if ((await run(w)) !== false) await assertInvariants(w)
  },
  toString: () => name,
})

const pick = <T>(items: T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length]

async function deliver(w: World, fields: Record<string, string>, crashAt?: SettlementStep) {
  w.t.bank.setFaults(w.faults)
  try {
    if (!crashAt) {
      await w.t.services.orders.customer.handleCallback(fields)
      return
    }
    const gateway = w.t.services.orders.gateway
    const crashing = createSettlement({
      db: w.t.deps.db,
      clock: w.t.clock,
      logger: w.t.deps.logger,
      gateway,
      waitForVerifyMs: 200,
      onStep: (step) => {
        if (step === crashAt) throw new Error(`crash at ${step}`)
      },
    })
    const found = await BankAttempt.query(w.t.deps.db).findOne({ res_num: fields.ResNum })
    if (!found) return
    await crashing.settleAttempt(found, gateway.parseCallback(fields), 'callback').catch((e) => {
      if (!String(e).includes('crash at')) throw e
    })
  } finally {
    w.t.bank.setFaults({})
    w.faults = {}
  }
}

/** The card each way of paying uses; both of the last two pay, and neither is the level-1 card. */
const CARDS: Record<string, string> = {
  poor: TEST_CARDS.insufficientFunds,
  'other card': TEST_CARDS.other,
  'card without reversal': TEST_CARDS.noReversal,
}

const commands = [
  // Half the orders are the level-1 customer's, so that their foreign cards are met often.
  fc.oneof(fc.nat(LEVEL1 - 1), fc.constant(LEVEL1)).map((c) =>
    cmd(`NewOrder(customer ${c})`, async (w) => {
      const customer = w.customers[c]
      if (!customer) return false
      const response = await w.t.api.post<{ id: number }>('/api/payments/create/', validOrder(), {
        token: customer.token,
      })
      expect(response.status, response.text).toBe(201)
      w.orders.push({ id: response.body.id, customer: c })
    }),
  ),
  fc.nat(20).map((o) =>
    cmd(`Start(order ${o})`, async (w) => {
      const order = pick(w.orders, o)
      if (!order) return false
      const response = await w.t.api.post<{ gateway_url: string; token: string }>(
        `/api/payments/${order.id}/start/`,
        { card_number: null, flow: 'topup' },
        { token: w.customers[order.customer]?.token ?? '' },
      )
      if (response.status !== 200) return
      w.attempts.push({
        orderIndex: w.orders.indexOf(order),
        token: response.body.token,
        gatewayUrl: response.body.gateway_url,
      })
    }),
  ),
  fc
    .tuple(
      fc.nat(30),
      fc.constantFrom('pay', 'pay', 'cancel', 'poor', 'other card', 'card without reversal'),
    )
    .map(([a, how]) =>
      cmd(`AtBank(attempt ${a}, ${how})`, async (w) => {
        const attempt = pick(w.attempts, a)
        if (!attempt || attempt.fields) return false
        const start = { gateway_url: attempt.gatewayUrl, token: attempt.token }
        const page = await fetch(attempt.gatewayUrl, {
          method: 'POST',
          body: new URLSearchParams({ Token: attempt.token }),
        })
        if (page.status !== 200) return
        const paid = await payAtBank(
          start,
          how === 'cancel' ? 'cancel' : 'pay',
          CARDS[how] ?? TEST_CARDS.success,
        ).catch(() => null)
        if (paid) attempt.fields = paid.fields
      }),
    ),
  fc
    .tuple(
      fc.nat(30),
      fc.constantFrom<SettlementStep | undefined>(
        undefined,
        undefined,
        'recorded',
        'verified',
        'booked',
        'return_requested',
        'reversed',
      ),
    )
    .map(([a, crashAt]) =>
      cmd(`Callback(attempt ${a}${crashAt ? `, crash after ${crashAt}` : ''})`, async (w) => {
        const fields = pick(w.attempts, a)?.fields
        if (!fields) return false
        await deliver(w, fields, crashAt)
      }),
    ),
  fc.tuple(fc.nat(30), fc.nat(30), fc.boolean()).map(([a, b, withReconcile]) =>
    cmd(`Race(callbacks of ${a} and ${b}${withReconcile ? ', reconciliation' : ''})`, async (w) => {
      // Two tabs, a bank that sends its callback twice, the sweep running meanwhile: all at
      // once, sharing the next bank call's faults.
      const first = pick(w.attempts, a)?.fields
      const second = pick(w.attempts, b)?.fields
      if (!first || !second) return false
      const { customer: orders } = w.t.services.orders
      w.t.bank.setFaults(w.faults)
      try {
        await Promise.all([
          orders.handleCallback(first),
          orders.handleCallback(second),
          withReconcile ? reconcile(w) : undefined,
        ])
      } finally {
        w.t.bank.setFaults({})
        w.faults = {}
      }
    }),
  ),
  fc.nat(30).map((a) =>
    cmd(`Replay(attempt ${a})`, async (w) => {
      const fields = pick(w.attempts, a)?.fields
      if (!fields) return false
      // Delivered (under any fault set for it), then once more with a healthy bank so that it
      // is settled; from then on, the same callback again changes nothing.
      await deliver(w, fields)
      await deliver(w, fields)
      const before = await snapshot(w)
      await deliver(w, fields)
      expect(await snapshot(w), 'a replayed callback changed something').toEqual(before)
    }),
  ),
  fc.tuple(fc.nat(30), fc.nat(30)).map(([a, b]) =>
    cmd(`Forged(token of ${a}, RefNum of ${b})`, async (w) => {
      const target = pick(w.attempts, a)
      const source = pick(w.attempts, b)
      if (!target || !source?.fields?.RefNum) return false
      const attempt = await BankAttempt.query(w.t.deps.db).findOne({ token: target.token })
      if (!attempt) return false
      await deliver(w, { ...source.fields, ResNum: attempt.res_num, Token: target.token })
    }),
  ),
  fc
    .constantFrom<[string, BankFaults]>(
      ['verify lost', { verify: { kind: 'lost' } }],
      ['verify down', { verify: { kind: 'down' } }],
      ['reverse refused', { reverse: { kind: 'refuse' } }],
      ['reverse lost', { reverse: { kind: 'lost' } }],
      ['receipt down', { receipt: { kind: 'down' } }],
    )
    .map(([name, faults]) =>
      cmd(`NextBankCall(${name})`, async (w) => {
        w.faults = faults
        return false
      }),
    ),
  fc.nat(20).map((o) =>
    cmd(`Cancel(order ${o})`, async (w) => {
      const order = pick(w.orders, o)
      if (!order) return false
      await w.t.api.post(
        `/api/payments/${order.id}/cancel/`,
        {},
        { token: w.customers[order.customer]?.token ?? '' },
      )
    }),
  ),
  fc.tuple(fc.nat(20), fc.constantFrom('in_progress', 'done', 'refunded')).map(([o, to]) =>
    cmd(`Staff(order ${o} → ${to})`, async (w) => {
      const order = pick(w.orders, o)
      if (!order) return false
      w.t.bank.setFaults(w.faults)
      await w.t.api.post(
        `/api/payments/${order.id}/transition/`,
        { to, note: 'آزمون' },
        { token: w.staff },
      )
      w.t.bank.setFaults({})
      w.faults = {}
    }),
  ),
  fc.constant(
    cmd('Reconcile(+2 min)', async (w) => {
      w.t.bank.setFaults(w.faults)
      await reconcile(w)
      w.t.bank.setFaults({})
      w.faults = {}
    }),
  ),
]

async function reconcile(w: World) {
  w.t.clock.advance(120)
  await signIn(w)
  return reconcileOpenAttempts({
    db: w.t.deps.db,
    clock: w.t.clock,
    logger: w.t.deps.logger,
    gateway: w.t.services.orders.gateway,
    orders: w.t.services.orders.customer,
    graceMinutes: 0,
  })
}

const UNSETTLED = ['created', 'token_created', 'verifying', 'reversing']

/**
 * The end of every sequence: the customer gives up on the bank pages left open, and with a
 * healthy bank reconciliation finishes whatever the sequence left between two steps. Then
 * nothing may stay open, and money in suspense must be there for staff (a refused return) —
 * anything else would wait forever. Settling also keeps the next sequence's reconciliation
 * runs to its own attempts.
 */
async function settleDown(w: World) {
  for (const attempt of w.attempts) {
    if (attempt.fields) continue
    const start = { gateway_url: attempt.gatewayUrl, token: attempt.token }
    await payAtBank(start, 'cancel', TEST_CARDS.success).catch(() => null)
  }
  const tokens = w.attempts.map((a) => a.token)
  const open = async () =>
    (await w.t.deps
      .db('gateway_transactions')
      .whereIn('token', tokens)
      .where((q) =>
        q
          .whereIn('status', UNSETTLED)
          .orWhere((r) => r.where({ status: 'suspense' }).whereNull('return_block')),
      )
      .select('id', 'status')) as Array<{ id: number; status: string }>
  for (let pass = 0; pass < 3 && (await open()).length > 0; pass += 1) await reconcile(w)
  expect(await open(), 'left unsettled with a healthy bank').toEqual([])
  await assertInvariants(w)
}

/** Fresh access tokens: reconciliation moves the app's clock past their lifetime. */
async function signIn(w: World) {
  const sign = (user: User) => w.t.deps.tokens.signAccess(user)
  w.customers = await Promise.all(w.users.map(async (user) => ({ token: await sign(user) })))
  w.staff = await sign(w.staffUser)
}

async function snapshot(w: World) {
  const [entries] = (await w.t.deps.db('journal_entries').count({ n: '*' })) as Array<{
    n: string
  }>
  const stages = await w.t.deps.db('payments').select('id', 'stage').orderBy('id')
  const attempts = await w.t.deps.db('gateway_transactions').select('id', 'status').orderBy('id')
  return { entries: Number(entries?.n), stages, attempts }
}

async function assertInvariants(w: World) {
  const { db } = w.t.deps
  const orderIds = w.orders.map((o) => o.id)
  // This sequence's attempts, orders and bank payments (earlier sequences were checked then).
  const tokens = new Set(w.attempts.map((a) => a.token))
  const [violations, attempts, orderRows] = await Promise.all([
    checkLedger(db, { orderIds }),
    db('gateway_transactions').whereIn('token', [...tokens]) as Promise<BankAttempt[]>,
    db('payments').whereIn('id', orderIds).select('id', 'stage', 'amount_irr') as Promise<
      Array<{ id: number; stage: string; amount_irr: number }>
    >,
  ])
  expect(violations).toEqual([])
  const byRef = new Map(attempts.filter((g) => g.ref_num).map((g) => [g.ref_num, g]))
  const orders = new Map(orderRows.map((o) => [o.id, o]))
  const sums = (await db('postings')
    .whereIn('account_id', [ACCOUNTS.psp_receivable, ACCOUNTS.suspense])
    .whereIn(
      'gateway_tx_id',
      attempts.map((g) => g.id),
    )
    .groupBy('account_id', 'gateway_tx_id')
    .select('account_id', 'gateway_tx_id', db.raw('sum(amount)::text AS total'))) as Array<{
    account_id: number
    gateway_tx_id: number
    total: string
  }>
  const balances = (account: number) =>
    new Map(
      sums
        .filter((row) => row.account_id === account)
        .map((row) => [row.gateway_tx_id, BigInt(row.total)]),
    )
  const receivable = balances(ACCOUNTS.psp_receivable)
  // Suspense is credit-normal: what it holds is minus the postings' sum.
  const suspense = new Map([...balances(ACCOUNTS.suspense)].map(([id, sum]) => [id, -sum]))
  const payments = w.t.bank.payments().filter((p) => tokens.has(p.token))
  for (const p of payments) {
    const captured = p.verified && !p.reversed
    const holder = byRef.get(p.refNum)
    // Every rial the bank holds for us is on record in exactly one attempt.
    if (captured) expect(holder, `captured ${p.refNum} held by no attempt`).toBeDefined()
    if (!holder || holder.status === 'verifying' || holder.status === 'reversing') continue
    // Where we know the outcome, the ledger holds what the bank holds.
    expect(receivable.get(holder.id) ?? 0n).toBe(captured ? BigInt(p.amount) : 0n)
    // Only an attempt's own payment was ever reversed by us.
    if (p.reversed) expect(holder.token).toBe(p.token)
  }
  for (const g of attempts) {
    if (g.status !== 'verified') continue
    const order = orders.get(g.payment_id)
    const bank = payments.find((p) => p.refNum === g.ref_num)
    // No order paid without a verified, matching amount.
    expect(bank?.verified).toBe(true)
    expect(bank?.amount).toBe(order?.amount_irr)
  }
  await assertForeignCards(w, payments, byRef, suspense)
  for (const [id, order] of orders) {
    const was = w.finalStage.get(id)
    if (was) expect(order.stage, `order ${id} left ${was}`).toBe(was)
    else if (FINAL.has(order.stage)) w.finalStage.set(id, order.stage)
  }
}

/**
 * ADR 024: the level-1 customer's orders become paid only from their own card (the
 * verify answer's HashedPan, whatever the callback claimed), and money captured from any other
 * card is either reversed at the bank or held as money to return, reason foreign_card.
 */
async function assertForeignCards(
  w: World,
  payments: BankPayment[],
  byRef: Map<string | null, BankAttempt>,
  suspense: Map<number, bigint>,
) {
  const level1 = new Set(w.orders.filter((o) => o.customer === LEVEL1).map((o) => o.id))
  const level1Tokens = new Set(
    w.attempts.filter((a) => level1.has(w.orders[a.orderIndex]?.id ?? 0)).map((a) => a.token),
  )
  const paidBy = (await w.t.deps
    .db('payment_events')
    .whereIn('payment_id', [...level1])
    // The move into paid (an attempt failing on a paid order is an event from paid to paid).
    .where({ from_stage: 'awaiting_payment', to_stage: 'paid' })
    .select('payment_id', 'data')) as Array<{ payment_id: number; data: { ref_num?: string } }>
  for (const event of paidBy) {
    const bank = payments.find((p) => p.refNum === event.data.ref_num)
    expect(bank?.hashedPan, `order ${event.payment_id} paid from a foreign card`).toBe(OWN_CARD)
  }
  for (const p of payments) {
    if (!level1Tokens.has(p.token) || p.hashedPan === OWN_CARD || !p.verified) continue
    const holder = byRef.get(p.refNum)
    if (!holder || holder.status === 'verifying' || holder.status === 'reversing') continue
    expect(holder.status, `foreign card ${p.refNum} on an order`).not.toBe('verified')
    if (p.reversed) {
      expect(suspense.get(holder.id) ?? 0n).toBe(0n)
    } else {
      expect(holder, `foreign card ${p.refNum} neither reversed nor to return`).toMatchObject({
        status: 'suspense',
        failure: 'foreign_card',
      })
      expect(suspense.get(holder.id) ?? 0n).toBe(BigInt(p.amount))
    }
  }
}

describe('settlement, model-based', () => {
  const t = useOrdersApp({
    GATEWAY_RETRY_DELAY_MS: '0',
    // A callback meeting a claim left by a crash answers "pending" soon instead of after 20 s.
    CALLBACK_WAIT_MS: '200',
  })
  // The level-1 customer's foreign cards must reach the callback: a bank without VSEP.
  beforeAll(() => t.bank.setCardRestriction('ignored'))

  it(`keeps every invariant over ${RUNS} random sequences`, async () => {
    let lengths: number[] = []
    let sequences = 0
    // Users once; their access tokens are signed again whenever the clock moves on.
    const customers = await Promise.all([0, 1, 2, LEVEL1].map(() => t.customer()))
    const users = customers.map((c) => c.user)
    const staffUser = (await t.customer('support')).user
    // Four customers place thousands of orders here.
    await liftIdentityLimits(t.deps.db)
    const level1 = customers[LEVEL1]
    if (!level1) throw new Error('no level-1 customer')
    await reachLevel1(t, level1.token)
    expect((await addCard(t, level1.token, TEST_CARDS.success)).status).toBe(201)
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), async (cmds) => {
        const world: World = {
          t,
          users,
          staffUser,
          customers: [],
          staff: '',
          orders: [],
          attempts: [],
          finalStage: new Map(),
          faults: {},
        }
        await signIn(world)
        lengths.push([...cmds].length)
        await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds)
        await settleDown(world)
        sequences += 1
        // The whole ledger, earlier sequences included, every 25 sequences and after the last
        // (the check after each step covers this sequence's orders and the ledger's total).
        if (sequences % 25 === 0 || sequences === RUNS) {
          expect(await checkLedger(t.deps.db)).toEqual([])
        }
      }),
      { numRuns: RUNS, verbose: 1 },
    )
    lengths = lengths.sort((a, b) => a - b)
    const median = lengths[Math.floor(lengths.length / 2)] ?? 0
    // The level-1 customer's foreign-card payments, reversed or left to return (a refusal).
    const foreign = (await t.deps
      .db('gateway_transactions')
      .where({ failure: 'foreign_card' })
      .groupBy('status')
      .select('status')
      .count({ n: '*' })) as Array<{ status: string; n: string }>
    const seen = Object.fromEntries(foreign.map((row) => [row.status, Number(row.n)]))
    console.info(
      `settlement model: ${RUNS} sequences, median length ${median}, foreign-card payments ${JSON.stringify(seen)}`,
    )
    expect(median).toBeGreaterThanOrEqual(10)
    if (RUNS >= 500) {
      expect(seen.reversed, 'no foreign-card payment was reversed').toBeGreaterThan(0)
      expect(seen.suspense, 'no foreign-card payment was left to return').toBeGreaterThan(0)
    }
  }, 600_000)
})
