import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { uniquePhone } from '../support/auth.ts'
import { examFeeOrder, SANDBOX_CARDS } from '../support/orders.ts'
import { startReplicaStack, type ReplicaStack } from '../support/replica-stack.ts'

/**
 * A payments-service pod SIGKILLed while it reconciles: its sweep job and the attempt it was
 * asking the bank about go to another pod, and every payment whose callback was lost ends paid
 * once. On a stack of its own with a bank of its own, whose receipt calls this spec can hold.
 *
 * Only one process runs when the sweep starts, so the one killed is the one holding it; the
 * survivor starts after the kill, as a replacement pod would.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const run = promisify(execFile)
const PASSWORD = 'Reconcile-kill-1404'
const ORDER = examFeeOrder('reconciliation after a kill')
/** Lost callbacks to reconcile. */
const ORDERS = 4

let stack: ReplicaStack

test.beforeAll(async () => {
  test.setTimeout(120_000)
  stack = await startReplicaStack({
    name: 'reconcile-kill',
    payments: 1,
    web: 1,
    sandboxBank: true,
    paymentsEnv: {
      RECONCILE_SWEEP_SECONDS: '10',
      // A bank call's claim (4 × the timeout) is what the killed pod's attempt waits.
      GATEWAY_TIMEOUT_MS: '2000',
      JOB_LEASE_SECONDS: '3',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_SECONDS: '1',
    },
  })
})

test.afterAll(async () => {
  await stack?.stop()
})

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && stack) {
    await testInfo.attach('stack output', { body: stack.output().join('') })
  }
})

async function post(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as Record<string, unknown>
  expect(response.ok, `${url}: ${response.status} ${JSON.stringify(answer)}`).toBe(true)
  return answer
}

/** What the browser does at the bank, without coming back: the callback is lost. */
async function payAtBankAndVanish(gatewayUrl: string, token: string): Promise<void> {
  const page = await fetch(gatewayUrl, {
    method: 'POST',
    body: new URLSearchParams({ Token: token, GetMethod: '' }),
  })
  expect(page.status).toBe(200)
  const paid = await fetch(new URL('/OnlinePG/pay', gatewayUrl), {
    method: 'POST',
    body: new URLSearchParams({ Token: token, action: 'pay', pan: SANDBOX_CARDS.success }),
  })
  expect(await paid.text()).toContain('name="RefNum"')
}

const bankStats = async () =>
  (await (await fetch(`${stack.bankUrl}/sandbox/stats`)).json()) as Record<string, number>

const setBankFaults = async (faults: Record<string, unknown>) => {
  const answer = await fetch(`${stack.bankUrl}/sandbox/faults`, {
    method: 'PUT',
    body: JSON.stringify(faults),
  })
  expect(answer.status).toBe(204)
}

test('a pod killed mid-reconciliation: another pod takes its sweep and its attempt, every lost callback ends paid once, the books balance', async (// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern
{}, testInfo) => {
  test.setTimeout(120_000)
  const api = stack.paymentsUrl
  const phone = uniquePhone()
  const sent = await post(`${api}/api/auth/otp/send/`, { phone, purpose: 'register' })
  const registered = await post(`${api}/api/auth/register/`, {
    phone,
    password: PASSWORD,
    code: sent.dev_code,
  })
  const auth = { Authorization: `Bearer ${String(registered.access)}` }

  const orderIds: number[] = []
  for (let i = 0; i < ORDERS; i++) {
    const order = await post(`${api}/api/payments/create/`, ORDER, {
      ...auth,
      'Idempotency-Key': `reconcile-kill-${Date.now()}-${i}`,
    })
    const started = await post(
      `${api}/api/payments/${String(order.id)}/start/`,
      { card_number: null },
      auth,
    )
    await payAtBankAndVanish(String(started.gateway_url), String(started.token))
    orderIds.push(Number(order.id))
  }

  // The bank takes its time over receipts; the customers paid ten minutes ago, so their attempts
  // are past the grace period and due now.
  await setBankFaults({ receipt: { kind: 'slow', ms: 60_000 } })
  await stack.query(
    `UPDATE gateway_transactions
        SET created_at = created_at - interval '10 minutes', next_check_at = now()
      WHERE payment_id = ANY($1)`,
    [orderIds],
  )
  await expect
    .poll(async () => (await bankStats()).heldCalls, { timeout: 20_000 })
    .toBeGreaterThan(0)

  // The pod is killed while the bank holds its question; a new pod comes up.
  const [killed] = stack.payments
  killed!.signal('SIGKILL')
  expect(await killed!.exited).toBe('SIGKILL')
  const killedAt = Date.now()
  await setBankFaults({})
  await stack.startPaymentsProcess('payments-new')

  const stages = () =>
    stack.query<{ stage: string; n: number }>(
      'SELECT stage, count(*)::int AS n FROM payments WHERE id = ANY($1) GROUP BY stage',
      [orderIds],
    )
  await expect
    .poll(stages, { timeout: 60_000, intervals: [1_000] })
    .toEqual([{ stage: 'paid', n: ORDERS }])
  testInfo.annotations.push({
    type: 'reconciliation after a SIGKILL',
    description: `${ORDERS} lost callbacks paid ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
  })

  // Once each: one verified attempt per order, one verify at the bank, nothing reversed.
  const attempts = await stack.query<{ payment_id: number; status: string; ref_num: string }>(
    'SELECT payment_id, status, ref_num FROM gateway_transactions WHERE payment_id = ANY($1)',
    [orderIds],
  )
  expect(attempts.map((attempt) => attempt.status)).toEqual(Array(ORDERS).fill('verified'))
  for (const { ref_num: refNum } of attempts) {
    const atBank = await fetch(`${stack.bankUrl}/sandbox/payments/${encodeURIComponent(refNum)}`)
    expect(await atBank.json()).toMatchObject({ verifyCalls: 1, reverseCalls: 0, verified: true })
  }
  const events = await stack.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payment_events WHERE payment_id = ANY($1) AND to_stage = 'paid'`,
    [orderIds],
  )
  expect(events[0]?.n).toBe(ORDERS)
  // Nothing stuck: no reconciliation job failed, none running longer than a sweep takes.
  const jobs = await stack.query<{ state: string }>(
    `SELECT DISTINCT state FROM pgboss.job
      WHERE name = 'payment-reconciliation'
        AND (state = 'failed' OR (state = 'active' AND started_on < now() - interval '20 seconds'))`,
  )
  expect(jobs).toEqual([])

  const { stdout } = await run(
    'npm',
    ['run', '-s', 'ledger:check', '-w', '@arzpol/payments-service'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: stack.databaseUrl } },
  )
  expect(stdout).toMatch(/ledger:check: balanced/)
})
