import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { REPLICA_HEADER, withConnection } from '@arzpol/devstack'
import { expect, test } from '@playwright/test'
import type pg from 'pg'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { cmsAdmin } from '../support/blog.ts'
import {
  examFeeOrder,
  payAtBank,
  placeOrder,
  SANDBOX_CARDS,
  walletTopUp,
} from '../support/orders.ts'
import { e2eUrls } from '../support/ports.ts'
import { stackReplica } from '../support/replicas.ts'
import { startReplicaStack, type ReplicaStack } from '../support/replica-stack.ts'
import { stackLog } from '../support/stack-log.ts'
import { createStaff, staffApi } from '../support/staff.ts'

/**
 * Two processes of payments-service and of web behind round-robin proxies, on one PostgreSQL:
 * what must hold exactly once holds once, whichever process a request reaches. The shared stack
 * runs that way for every spec (global setup); the bank's callback storm runs on it. The budgets,
 * the login throttle, the refresh race and a SIGKILLed replica run on a replica stack of this
 * file's own (support/replica-stack.ts): a 30-second access token and small per-address budgets,
 * which the shared stack's thousands of requests from 127.0.0.1 could not live with.
 */

const PASSWORD = 'Replicas-e2e-1404'
const ORDER = examFeeOrder('replicas')
const ROOT = path.resolve(import.meta.dirname, '..', '..')
const run = promisify(execFile)

interface Answer {
  status: number
  body: Record<string, unknown>
  /** The replica that answered (the proxy's X-Devstack-Replica). */
  replica: string
  location: string | null
}

/** One plain HTTP request (no browser), redirects not followed. */
async function call(
  url: string,
  init: {
    method?: string
    json?: unknown
    form?: string
    token?: string
    headers?: Record<string, string>
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  if (init.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined && init.form === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? init.form : JSON.stringify(init.json),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    body = { text }
  }
  return {
    status: response.status,
    body,
    replica: response.headers.get(REPLICA_HEADER) ?? '',
    location: response.headers.get('location'),
  }
}

/** `count` copies of one request, all sent at once. */
const burst = (count: number, send: (i: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)))

const statusCounts = (answers: Answer[]) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/**
 * `count` (at most 100) new phone numbers, distinct by construction: uniquePhone's random part is
 * two digits, so phones drawn in one millisecond may repeat (and a repeat is refused a code).
 */
function distinctPhones(count: number): string[] {
  const base = uniquePhone().slice(0, 9)
  return Array.from({ length: count }, (_, i) => `${base}${String(i).padStart(2, '0')}`)
}

const replicasOf = (answers: Answer[]) => [...new Set(answers.map((a) => a.replica))].sort()

function sharedQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const url = process.env.E2E_DATABASE_URL
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through global setup')
  return withConnection(url, async (client) => (await client.query<T>(sql, params)).rows)
}

test('one genuine bank callback delivered 30 times at once across the replicas: paid once, verified once, nothing reversed, the books balance', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await placeOrder(page, walletTopUp())
  // The browser's own delivery of the callback is held back: its form is what gets repeated.
  let callback: string | undefined
  await page.route('**/api/payments/callback/**', async (route) => {
    callback = route.request().postData() ?? ''
    await route.abort()
  })
  await payAtBank(page, SANDBOX_CARDS.success)
  await expect.poll(() => callback, { timeout: 10_000 }).toBeDefined()
  const fields = new URLSearchParams(callback)
  expect(fields.get('State')).toBe('OK')
  const refNum = fields.get('RefNum') ?? ''
  expect(refNum).not.toBe('')

  const logFrom = stackLog().length
  const answers = await burst(30, () =>
    call(`${e2eUrls.web}/api/payments/callback/`, {
      form: callback,
      headers: { Origin: e2eUrls.sandboxBank },
    }),
  )
  expect(statusCounts(answers)).toEqual({ 303: 30 })
  const locations = new Set(answers.map((answer) => answer.location ?? ''))
  expect(locations.size).toBe(1)
  const [location = ''] = locations
  const orderId = Number(/\/dashboard\/orders\/(\d+)\?payment=success$/.exec(location)?.[1])
  expect(orderId).toBeGreaterThan(0)
  // Both web processes took callbacks, and passed them on to both payments-service processes.
  expect(replicasOf(answers)).toEqual(['web-1', 'web-2'])
  await expect
    .poll(() => {
      const served = stackLog()
        .slice(logFrom)
        .filter((record) => record.includes('path=/api/payments/callback/'))
      return ['payments-1', 'payments-2'].filter((name) =>
        served.some((record) => record.includes(`${name}│`)),
      )
    })
    .toEqual(['payments-1', 'payments-2'])

  const paid = await sharedQuery<{ n: string }>(
    "SELECT count(*) AS n FROM payment_events WHERE payment_id = $1 AND to_stage = 'paid'",
    [orderId],
  )
  expect(Number(paid[0]?.n)).toBe(1)
  const attempts = await sharedQuery<{ status: string; ref_num: string }>(
    'SELECT status, ref_num FROM gateway_transactions WHERE payment_id = $1',
    [orderId],
  )
  expect(attempts).toEqual([{ status: 'verified', ref_num: refNum }])
  // What the bank saw: one verify, no reversal.
  const atBank = await call(`${e2eUrls.sandboxBank}/sandbox/payments/${encodeURIComponent(refNum)}`)
  expect(atBank.body).toMatchObject({
    verified: true,
    reversed: false,
    verifyCalls: 1,
    reverseCalls: 0,
  })

  // The same check as at the end of the run, now: the books balance after the storm.
  const { stdout } = await run(
    'npm',
    ['run', '-s', 'ledger:check', '-w', '@arzpol/payments-service'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
    },
  )
  expect(stdout).toMatch(/ledger:check: balanced/)

  // And the customer sees the order paid, on whichever web process answers.
  await page.unrouteAll()
  await page.goto(location)
  await expect(page.getByTestId('order-status')).toHaveText('در حال انجام')
})

/**
 * A sentence no earlier run wrote: the cms holds a comment nearly the same as another account's
 * recent one for a moderator (numbers and codes do not make a text new), so it is made of words.
 */
function distinctSentence(): string {
  const words = (
    'باران پنجره ستاره قطار آینه کبوتر جنگل دفتر مداد صندلی دریا کوهستان ' +
    'چراغ انار زیتون بادبادک ساحل نقشه قلعه پل فانوس کاشی سماور گلدان آسیاب ' +
    'کویر نخل صدف بلوط شالیزار کاروان گنبد ایوان حوض چنار اقاقیا کهربا ' +
    'فیروزه زعفران سرو'
  ).split(' ')
  const picked = words
    .map((word) => ({ word, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, 8)
    .map(({ word }) => word)
  return `دیدگاه: ${picked.join(' ')}`
}

test('a comment reaches both web processes, shows to its author at once, and a comment marked spam in the cms leaves both', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await cmsAdmin(request)
  const runId = Date.now().toString(36)
  const post = await admin.createPost({
    title: `دو نمونه وب ${runId}`,
    slug: `two-web-processes-${runId}`,
    excerpt: 'مطلبی برای دیدگاه‌ها روی دو نمونه وب',
    date: new Date().toISOString(),
    content: [{ type: 'paragraph', children: [{ type: 'text', text: 'متن مطلب' }] }],
  })
  const postPath = `/blog/${post.documentId}`
  const pods = ['web-1', 'web-2'].map((name) => stackReplica(name).url)
  const asVisitor = async (pod: string) => {
    const response = await fetch(`${pod}${postPath}`, { signal: AbortSignal.timeout(10_000) })
    return { status: response.status, html: await response.text() }
  }
  // The new post reaches both processes' copies; each now holds the post's (empty) comments.
  for (const pod of pods) {
    await expect.poll(async () => (await asVisitor(pod)).status, { timeout: 10_000 }).toBe(200)
  }

  // The author posts through one process, and the list reloads from the other, which may not
  // have heard of the comment yet.
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await page.goto(`${pods[0]}${postPath}`)
  await page.route(/\/blog\/[^/]+\.data/, (route) =>
    route.request().method() === 'GET'
      ? route.continue({ url: route.request().url().replace(pods[0]!, pods[1]!) })
      : route.continue(),
  )
  const text = distinctSentence()
  await page.getByRole('textbox', { name: 'دیدگاه شما' }).fill(text)
  await page.getByRole('button', { name: 'ارسال دیدگاه' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'دیدگاه شما ثبت شد.' })).toBeVisible()
  const comments = page.getByTestId('comment-list').getByRole('listitem')
  await expect(comments).toHaveCount(1)
  await expect(comments.first()).toContainText(text)
  await expect(page.getByRole('heading', { name: /^دیدگاه‌ها/ })).toContainText('۱ دیدگاه')

  // Every visitor, on either process, sees it soon without waiting for a cache to age.
  for (const pod of pods) {
    await expect.poll(async () => (await asVisitor(pod)).html, { timeout: 10_000 }).toContain(text)
  }

  // A moderator marks it spam in the cms: it leaves both processes.
  const listed = await request.get(
    `${e2eUrls.cms}/api/comments?filters[post][documentId][$eq]=${post.documentId}`,
  )
  const [stored] = ((await listed.json()) as { data: Array<{ documentId: string }> }).data
  expect(stored).toBeDefined()
  await admin.updateComment(stored!.documentId, { moderationStatus: 'spam' })
  for (const pod of pods) {
    await expect
      .poll(async () => (await asVisitor(pod)).html, { timeout: 10_000 })
      .not.toContain(text)
  }
})

test.describe('a replica stack of its own', () => {
  // One stack for the group, in one worker, in order; the last test kills replicas.
  test.describe.configure({ mode: 'default' })

  /** Budgets small enough to cross in a burst; each test uses its own client addresses. */
  const LIMITS = {
    OTP_SEND_LIMIT_PER_IP_PER_HOUR: 8,
    OTP_FAILURE_BUDGET_PER_PHONE: 3,
    OTP_FAILURE_BUDGET_PER_IP: 10,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
    LOGIN_MAX_FAILURES_PER_IP: 12,
  }
  /** web refreshes 30 s before `exp`: with 30-second tokens every request finds its token due. */
  const ACCESS_TOKEN_TTL_SECONDS = 30
  /** Short, so the stolen-token check waits little; long enough for a busy machine's bursts. */
  const REFRESH_REUSE_GRACE_SECONDS = 10
  const METRICS_TOKEN = 'replicas-e2e-metrics-token'

  let stack: ReplicaStack
  let addresses = 0
  /**
   * A client address no other request of this stack used: payments-service takes the last
   * X-Forwarded-For entry (web's, in production), and the proxy passes it on unchanged.
   */
  const newAddress = () => {
    addresses += 1
    return { 'X-Forwarded-For': `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` }
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stack = await startReplicaStack({
      name: 'replicas',
      paymentsEnv: {
        ...Object.fromEntries(Object.entries(LIMITS).map(([key, value]) => [key, String(value)])),
        ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
        REFRESH_REUSE_GRACE_SECONDS: String(REFRESH_REUSE_GRACE_SECONDS),
        // Only the change bus may bring a new rate: the cache alone would keep the old for an hour.
        RATE_CACHE_TTL_SECONDS: '3600',
        // A killed replica's jobs: lost leases are looked for every second, and a survivor asks
        // for work every 5 s (so the jobs a replica enqueues are the ones its own woken worker
        // takes).
        JOB_MAINTENANCE_SECONDS: '1',
        JOB_POLL_SECONDS: '5',
        METRICS_TOKEN,
      },
      sandboxSms: true,
    })
  })

  test.afterAll(async () => {
    await stack?.stop()
  })

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && stack) {
      await testInfo.attach('replica output', { body: stack.output().join('') })
    }
  })

  const api = (pathname: string) => `${stack.paymentsUrl}${pathname}`

  /** Sends a code to `phone` (its own address), answers the development code. */
  async function sendCode(phone: string, purpose: 'register' | 'reset' = 'register') {
    const sent = await call(api('/api/auth/otp/send/'), {
      json: { phone, purpose },
      headers: newAddress(),
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    return String(sent.body.dev_code)
  }

  async function registerCustomer(phone = uniquePhone()) {
    const code = await sendCode(phone)
    const registered = await call(api('/api/auth/register/'), {
      json: { phone, password: PASSWORD, code },
      headers: newAddress(),
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    return {
      phone,
      access: String(registered.body.access),
      refresh: String(registered.body.refresh),
    }
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

  test('ten requests of one customer at once, as the access token falls due, over both web processes: still signed in', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ baseURL: stack.webUrl })
    const page = await context.newPage()
    const phone = uniquePhone()
    await registerNewCustomer(page, phone, PASSWORD)

    const answers = await burst(10, async () => {
      const response = await context.request.get('/dashboard', { maxRedirects: 0 })
      return {
        status: response.status(),
        body: {},
        replica: response.headers()[REPLICA_HEADER] ?? '',
        location: response.headers().location ?? null,
      }
    })
    expect(answers.map((answer) => [answer.status, answer.location])).toEqual(
      Array(10).fill([200, null]),
    )
    expect(replicasOf(answers)).toEqual(['web-1', 'web-2'])
    // One session, never ended as a theft.
    const tokens = await stack.query<{ families: string; revoked: string }>(
      `SELECT count(DISTINCT t.family_id) AS families, count(t.revoked_at) AS revoked
         FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE u.phone = $1`,
      [phone],
    )
    expect(tokens[0]).toMatchObject({ families: '1', revoked: '0' })
    await page.goto('/dashboard/orders')
    await expect(page).toHaveURL(/\/dashboard\/orders$/)
    await context.close()
  })

  test('ten refreshes of one token at once over both payments processes all work; a stolen copy used after the grace window is refused and ends the session', async () => {
    test.setTimeout(60_000)
    const customer = await registerCustomer()
    const pairs = await burst(10, () =>
      call(api('/api/auth/token/refresh/'), { json: { refresh: customer.refresh } }),
    )
    expect(statusCounts(pairs)).toEqual({ 200: 10 })
    expect(replicasOf(pairs)).toEqual(['payments-1', 'payments-2'])
    const checks = await burst(10, (i) =>
      call(api('/api/auth/me/'), { token: String(pairs[i]!.body.access) }),
    )
    expect(statusCounts(checks)).toEqual({ 200: 10 })

    // Past the window a replay of the old token is a stolen copy (a wait for time to pass,
    // not an assertion: within it the replay would itself be a legitimate sibling).
    await new Promise((resolve) => setTimeout(resolve, (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000))
    const stolen = await call(api('/api/auth/token/refresh/'), {
      json: { refresh: customer.refresh },
    })
    expect(stolen.status).toBe(401)
    // Every sibling ends with it, on both processes (each may hold an access token in its cache).
    const after = await burst(10, (i) =>
      call(api('/api/auth/me/'), { token: String(pairs[i]!.body.access) }),
    )
    expect(statusCounts(after)).toEqual({ 401: 10 })
    expect(replicasOf(after)).toEqual(['payments-1', 'payments-2'])
    const refreshed = await call(api('/api/auth/token/refresh/'), {
      json: { refresh: String(pairs[7]!.body.refresh) },
    })
    expect(refreshed.status).toBe(401)
  })

  test('OTP budgets hold exactly under bursts across replicas: one code per phone at a time, sends per address, wrong codes per phone and per address', async () => {
    test.setTimeout(60_000)
    const [phone = '', target = '', ...others] = distinctPhones(32)
    // One phone, 20 sends at once: one code (the countdown), the rest refused.
    const one = newAddress()
    const sends = await burst(20, () =>
      call(api('/api/auth/otp/send/'), { json: { phone, purpose: 'register' }, headers: one }),
    )
    expect(statusCounts(sends)).toEqual({ 200: 1, 429: 19 })
    expect(replicasOf(sends)).toEqual(['payments-1', 'payments-2'])
    const challenges = await stack.query<{ n: string }>(
      'SELECT count(*) AS n FROM otp_challenges WHERE phone = $1',
      [phone],
    )
    expect(Number(challenges[0]?.n)).toBe(1)

    // One address, 20 phones at once: exactly the address's hourly budget of codes.
    const address = newAddress()
    const perAddress = await burst(20, (i) =>
      call(api('/api/auth/otp/send/'), {
        json: { phone: others[i], purpose: 'register' },
        headers: address,
      }),
    )
    expect(statusCounts(perAddress)).toEqual({
      200: LIMITS.OTP_SEND_LIMIT_PER_IP_PER_HOUR,
      429: 20 - LIMITS.OTP_SEND_LIMIT_PER_IP_PER_HOUR,
    })
    const fromAddress = await stack.query<{ n: string }>(
      'SELECT count(*) AS n FROM otp_challenges WHERE client_ip = $1',
      [address['X-Forwarded-For']],
    )
    expect(Number(fromAddress[0]?.n)).toBe(LIMITS.OTP_SEND_LIMIT_PER_IP_PER_HOUR)

    // One phone, 20 wrong codes at once: its budget counted exactly, then the lock.
    const code = await sendCode(target)
    const guesser = newAddress()
    const guesses = await burst(20, () =>
      call(api('/api/auth/register/'), {
        json: { phone: target, password: PASSWORD, code: otherCode(code) },
        headers: guesser,
      }),
    )
    expect(statusCounts(guesses)).toEqual({
      400: LIMITS.OTP_FAILURE_BUDGET_PER_PHONE,
      429: 20 - LIMITS.OTP_FAILURE_BUDGET_PER_PHONE,
    })
    expect(new Set(guesses.filter((g) => g.status === 429).map((g) => g.body.code))).toEqual(
      new Set(['otp_locked']),
    )
    const counted = await stack.query<{ failures: string; locks: string }>(
      `SELECT (SELECT count(*) FROM otp_failures WHERE phone = $1) AS failures,
              (SELECT count(*) FROM otp_locks WHERE phone = $1) AS locks`,
      [target],
    )
    expect(counted[0]).toEqual({
      failures: String(LIMITS.OTP_FAILURE_BUDGET_PER_PHONE),
      locks: '1',
    })

    // One address, 10 phones × 2 wrong codes at once (under each phone's budget): exactly the
    // address's budget counted.
    const phones = others.slice(20)
    const codes = await Promise.all(phones.map((p) => sendCode(p)))
    const spray = newAddress()
    const sprayed = await burst(20, (i) =>
      call(api('/api/auth/register/'), {
        json: { phone: phones[i % 10], password: PASSWORD, code: otherCode(codes[i % 10]!) },
        headers: spray,
      }),
    )
    expect(statusCounts(sprayed)).toEqual({
      400: LIMITS.OTP_FAILURE_BUDGET_PER_IP,
      429: 20 - LIMITS.OTP_FAILURE_BUDGET_PER_IP,
    })
    const sprayCounted = await stack.query<{ n: string }>(
      'SELECT count(*) AS n FROM otp_failures WHERE client_ip = $1',
      [spray['X-Forwarded-For']],
    )
    expect(Number(sprayCounted[0]?.n)).toBe(LIMITS.OTP_FAILURE_BUDGET_PER_IP)
  })

  test('the login throttle holds exactly under bursts across replicas, per account and per address', async () => {
    test.setTimeout(60_000)
    const { phone } = await registerCustomer()
    const wrong = await burst(25, (i) =>
      call(api('/api/auth/login/'), {
        json: { phone, password: `wrong guess ${i}` },
        headers: newAddress(),
      }),
    )
    expect(statusCounts(wrong)).toEqual({
      401: LIMITS.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      429: 25 - LIMITS.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    })
    expect(replicasOf(wrong)).toEqual(['payments-1', 'payments-2'])

    const address = newAddress()
    const strangers = distinctPhones(20)
    const sprayed = await burst(20, (i) =>
      call(api('/api/auth/login/'), {
        json: { phone: strangers[i], password: 'wrong guess' },
        headers: address,
      }),
    )
    expect(statusCounts(sprayed)).toEqual({
      401: LIMITS.LOGIN_MAX_FAILURES_PER_IP,
      429: 20 - LIMITS.LOGIN_MAX_FAILURES_PER_IP,
    })
  })

  test('one Idempotency-Key sent 30 times at once across replicas: one order, one bank token', async () => {
    test.setTimeout(60_000)
    const { access } = await registerCustomer()
    const key = `replicas-${Date.now()}`
    const created = await burst(30, () =>
      call(api('/api/payments/create/'), {
        token: access,
        json: ORDER,
        headers: { 'Idempotency-Key': key },
      }),
    )
    expect(statusCounts(created)).toEqual({ 201: 30 })
    expect(replicasOf(created)).toEqual(['payments-1', 'payments-2'])
    const ids = new Set(created.map((answer) => answer.body.id))
    expect(ids.size).toBe(1)
    const [orderId] = ids
    const orders = await stack.query<{ n: string }>(
      'SELECT count(*) AS n FROM payments WHERE user_id = (SELECT user_id FROM payments WHERE id = $1)',
      [orderId],
    )
    expect(Number(orders[0]?.n)).toBe(1)

    const started = await burst(10, () =>
      call(api(`/api/payments/${String(orderId)}/start/`), {
        token: access,
        json: { card_number: null },
        headers: { 'Idempotency-Key': `${key}-start` },
      }),
    )
    expect(statusCounts(started)).toEqual({ 200: 10 })
    expect(new Set(started.map((answer) => answer.body.token)).size).toBe(1)
    const attempts = await stack.query<{ n: string }>(
      'SELECT count(*) AS n FROM gateway_transactions WHERE payment_id = $1',
      [orderId],
    )
    expect(Number(attempts[0]?.n)).toBe(1)
  })

  test('a rate an admin sets through one process is quoted by every process, and a quote given before the change still holds', async ({
    playwright,
  }) => {
    test.setTimeout(60_000)
    const quoteOf = async (url: string) => {
      const answer = await call(`${url}/api/quote/?payment_type=topup&amount=50&currency=USD`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body as { rate_irr: number; quote_token: string }
    }
    // Every process holds today's rate in its cache before the change.
    const before = await Promise.all(stack.payments.map((replica) => quoteOf(replica.url)))
    const wanted = (before[0]?.rate_irr ?? 0) + 1_000
    expect(before.every((quote) => quote.rate_irr === before[0]?.rate_irr)).toBe(true)

    const phone = uniquePhone()
    await createStaff({ phone, password: PASSWORD, role: 'admin', databaseUrl: stack.databaseUrl })
    const request = await playwright.request.newContext({ baseURL: stack.payments[0]?.url })
    const admin = await staffApi(request, phone, PASSWORD)
    const set = await admin.post('/api/rates/', {
      currency: 'USD',
      buy_rate_irr: wanted,
      confirm: true,
    })
    expect(set.status(), await set.text()).toBe(201)

    // A wait until it happens, not a timing assertion: the bench measures how fast.
    for (const replica of stack.payments) {
      await expect
        .poll(async () => (await quoteOf(replica.url)).rate_irr, { timeout: 10_000 })
        .toBe(wanted)
    }
    // A quote priced before the change still prices an order within its 15 minutes (a token
    // minted from a stale copy after the change would be the refused one, tested in the service).
    const customer = await registerCustomer()
    const order = await call(api('/api/payments/create/'), {
      token: customer.access,
      json: {
        payment_type: 'topup',
        site_url: 'wallet.example.com',
        site_username: 'me@example.com',
        site_password: 'site-secret',
        amount: '50',
        currency: 'USD',
        quote_token: before[1]?.quote_token,
      },
      headers: newAddress(),
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect(order.body.rate_irr).toBe(before[1]?.rate_irr)
    await request.dispose()
  })

  test('a SIGKILLed payments-service holding SMS jobs and a SIGKILLed web: the proxies serve on through the survivors, and every message reaches its phone once', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ baseURL: stack.webUrl })
    const page = await context.newPage()
    await registerNewCustomer(page, uniquePhone(), PASSWORD)
    const { access } = await registerCustomer()

    // Codes asked of payments-1 itself, whose woken worker takes their jobs; the vendor takes
    // each message at once and answers 8 s later, so the kill finds them all in flight.
    const vendor = stack.smsUrl!
    const phones = distinctPhones(12)
    const inFlight = await fetch(`${vendor}/sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ fault: { kind: 'slow', ms: 8_000 }, times: phones.length }),
    })
    expect(inFlight.status).toBe(204)
    for (const phone of phones) {
      const sent = await call(`${stack.payments[0]!.url}/api/auth/otp/send/`, {
        json: { phone, purpose: 'register' },
        headers: newAddress(),
      })
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    }
    const delivered = async () => {
      const answer = (await (await fetch(`${vendor}/sandbox/messages`)).json()) as {
        messages: Array<{ receptor: string; localid: string | null }>
        duplicates: number
      }
      const ours = answer.messages.filter((message) => phones.includes(message.receptor))
      return { receptors: ours.map((message) => message.receptor).sort(), ...answer }
    }
    await expect
      .poll(async () => (await delivered()).receptors, { timeout: 10_000 })
      .toEqual([...phones].sort())

    const [payments1] = stack.payments
    const [, web2] = stack.web
    payments1!.signal('SIGKILL')
    web2!.signal('SIGKILL')
    expect(await payments1!.exited).toBe('SIGKILL')
    expect(await web2!.exited).toBe('SIGKILL')

    // Reads and writes alike reach a survivor: a refused connection is never a 502.
    const quotes = await burst(10, () =>
      call(api('/api/quote/?amount=50&currency=USD&payment_type=exams')),
    )
    expect(statusCounts(quotes)).toEqual({ 200: 10 })
    const orders = await burst(6, (i) =>
      call(api('/api/payments/create/'), {
        token: access,
        json: ORDER,
        headers: { 'Idempotency-Key': `after-kill-${Date.now()}-${i}` },
      }),
    )
    expect(statusCounts(orders)).toEqual({ 201: 6 })
    expect(replicasOf([...quotes, ...orders])).toEqual(['payments-2'])
    for (let i = 0; i < 4; i++) {
      await page.goto('/dashboard/orders')
      await expect(page).toHaveURL(/\/dashboard\/orders$/)
    }
    const pages = await burst(6, async () => {
      const response = await context.request.get('/dashboard', { maxRedirects: 0 })
      return {
        status: response.status(),
        body: {},
        replica: response.headers()[REPLICA_HEADER] ?? '',
        location: null,
      }
    })
    expect(statusCounts(pages)).toEqual({ 200: 6 })
    expect(replicasOf(pages)).toEqual(['web-1'])
    await context.close()

    // The killed replica's codes: its jobs' leases run out, payments-2 sends them again under the
    // same keys, and the vendor drops each repeat. Every job done, one message per phone; the
    // repeats are the hand-overs payments-2 counted.
    const otpJobs = () =>
      stack.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM pgboss.job
          WHERE name = 'sms-otp' AND data->>'phone' = ANY($1) GROUP BY state`,
        [phones],
      )
    await expect
      .poll(otpJobs, { timeout: 60_000, intervals: [1_000] })
      .toEqual([{ state: 'completed', n: phones.length }])
    const after = await delivered()
    expect(after.receptors).toEqual([...phones].sort())
    expect(new Set(after.messages.map((message) => message.localid)).size).toBe(
      after.messages.length,
    )
    const metrics = await fetch(`${stack.payments[1]!.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const resent = [
      ...(await metrics.text()).matchAll(
        /^arzpol_sms_resent_after_lost_worker_total\{[^}]*kind="otp"[^}]*\} (\d+)$/gm,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0)
    expect(resent).toBeGreaterThan(0)
    expect(after.duplicates).toBe(resent)
    testInfo.annotations.push({
      type: 'sms after a SIGKILL',
      description: `${phones.length} codes in flight, 0 lost, ${after.duplicates} sent again and dropped by the vendor as repeats`,
    })
  })
})
