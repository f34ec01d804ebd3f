import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { uniquePhone } from '../support/auth.ts'
import { startWebInstance } from '../support/blog.ts'
import { e2eUrls } from '../support/ports.ts'
import {
  callApi,
  registerCustomer,
  faultPorts,
  startFaultStack,
  type ApiAnswer,
  type FaultStack,
} from '../support/fault-stack.ts'

/**
 * payments-service under faults: a PostgreSQL restart, a crash (kill -9) in the middle of order
 * creation, and SIGTERM with requests in flight. Each runs against a private PostgreSQL and
 * payments-service (support/fault-stack.ts), never the shared stack the other specs use.
 */

const UNAVAILABLE = 'سرویس موقتاً در دسترس نیست. لطفاً چند لحظه بعد دوباره تلاش کنید.'

let stack: FaultStack
let token: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  stack = await startFaultStack()
  token = await registerCustomer(stack.paymentsUrl, uniquePhone(), 'Faults-pass-1404')
  // The journeys below create hundreds of orders in seconds, far past a level-0 customer's day
  // (ADR 022); limits are not what they test, so this stack's levels allow them all.
  await stack.query(
    'UPDATE identity_levels SET per_order_irr = $1, per_day_irr = $1, per_month_irr = $1',
    [1e15],
  )
})

test.afterAll(async () => {
  await stack?.stop()
})

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    // A file, not an inline body: reporters cut long attachments short.
    const file = testInfo.outputPath('service-output.txt')
    writeFileSync(file, stack.output().join(''))
    await testInfo.attach('service output', { path: file })
  }
})

/** One intended order: its marker (in `description`) finds it in the database afterwards. */
function orderBody(marker: string) {
  return {
    payment_type: 'exams',
    site_url: 'https://www.ets.org',
    amount: '50',
    currency: 'USD',
    description: marker,
  }
}

function createOrder(marker: string): Promise<ApiAnswer> {
  return callApi(`${stack.paymentsUrl}/api/payments/create/`, {
    method: 'POST',
    token,
    body: orderBody(marker),
    headers: { 'Idempotency-Key': marker },
  })
}

/** How many orders carry each marker. */
async function orderCounts(prefix: string): Promise<Map<string, number>> {
  const rows = await stack.query<{ description: string; n: string }>(
    'SELECT description, count(*) AS n FROM payments WHERE description LIKE $1 GROUP BY description',
    [`${prefix}%`],
  )
  return new Map(rows.map((row) => [row.description, Number(row.n)]))
}

/**
 * Opens `count` keep-alive connections to `url` (concurrent requests, each on its own), so the
 * requests that follow travel on connections the server has already accepted. A connection
 * still queued in the kernel when the listener closes is not an in-flight request: keeping
 * new ones coming during shutdown is the load balancer's part (and the 1 s linger's).
 */
async function warmConnections(url: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => callApi(url)))
}

/** `count` new phone numbers, distinct from each other by construction. */
function distinctPhones(count: number): string[] {
  const base = uniquePhone().slice(0, 10)
  return Array.from({ length: count }, (_, i) => `${base}${i}`)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a PostgreSQL restart: fast Persian 503s during the outage, then recovery by itself', async () => {
  test.setTimeout(90_000)
  const prefix = `pg-restart-${randomUUID().slice(0, 8)}-`
  const pid = stack.payments().pid
  const attempts: Array<{ marker: string; status: number }> = []
  const answers: Array<{ kind: string; at: number; ms: number } & ApiAnswer> = []
  let sequence = 0
  let running = true
  const started = Date.now()

  // A steady stream: quotes (served from memory), order creations and order lists (database).
  const stream = async (kind: 'quote' | 'create' | 'list') => {
    while (running) {
      const t0 = Date.now()
      let answer: ApiAnswer
      if (kind === 'quote') {
        answer = await callApi(
          `${stack.paymentsUrl}/api/quote/?amount=50&currency=USD&payment_type=exams`,
        )
      } else if (kind === 'create') {
        const marker = `${prefix}${(sequence += 1)}`
        answer = await createOrder(marker)
        attempts.push({ marker, status: answer.status })
      } else {
        answer = await callApi(`${stack.paymentsUrl}/api/payments/`, { token })
      }
      answers.push({ kind, at: t0 - started, ms: Date.now() - t0, ...answer })
      await sleep(50)
    }
  }
  const streams = [stream('quote'), stream('create'), stream('create'), stream('list')]

  await sleep(1_500)
  const before = await orderCounts(prefix)
  const outageStart = Date.now() - started
  await stack.stopPostgres()
  await sleep(3_000)
  await stack.startPostgres()
  const outageEnd = Date.now() - started
  // Requests keep coming after PostgreSQL is back; the service must serve them again by itself.
  await expect
    .poll(
      () => answers.filter((a) => a.at > outageEnd && a.kind !== 'quote' && a.status < 300).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(10)
  await sleep(1_000)
  running = false
  await Promise.all(streams)

  // The process was never restarted.
  expect(stack.payments().hasExited()).toBe(false)
  expect(stack.payments().pid).toBe(pid)
  // Never a crash or a bare 500: each answer is a success or the Persian 503.
  for (const answer of answers) {
    expect([200, 201, 503], JSON.stringify(answer)).toContain(answer.status)
    if (answer.status === 503) {
      expect(answer.body).toEqual({ detail: UNAVAILABLE, code: 'service_unavailable' })
      // Fast: no request waits for the whole outage.
      expect(answer.ms).toBeLessThan(6_000)
    }
  }
  const duringOutage = answers.filter(
    (a) => a.kind !== 'quote' && a.at > outageStart + 200 && a.at < outageEnd - 200,
  )
  expect(duringOutage.length).toBeGreaterThan(0)
  expect(duringOutage.every((a) => a.status === 503)).toBe(true)
  // The last database-backed answers are all successes again.
  const lastOnes = answers.filter((a) => a.kind !== 'quote').slice(-6)
  expect(lastOnes.map((a) => a.status).every((s) => s < 300)).toBe(true)

  // No order lost or duplicated: what existed before is still there once; every 201 exists
  // exactly once; a request that failed created nothing twice.
  const after = await orderCounts(prefix)
  for (const [marker, count] of before) {
    expect(count).toBe(1)
    expect(after.get(marker)).toBe(1)
  }
  expect(attempts.filter((a) => a.status === 201).length).toBeGreaterThan(5)
  for (const { marker, status } of attempts) {
    if (status === 201) expect(after.get(marker), marker).toBe(1)
    else expect(after.get(marker) ?? 0, marker).toBeLessThanOrEqual(1)
  }
})

test('kill -9 during 200 concurrent order creations: every 2xx order exists exactly once', async () => {
  test.setTimeout(120_000)
  const prefix = `kill-${randomUUID().slice(0, 8)}-`
  const markers = Array.from({ length: 200 }, (_, i) => `${prefix}${i}`)
  let answered = 0
  const calls = markers.map(async (marker) => {
    const answer = await createOrder(marker)
    answered += 1
    return { marker, answer }
  })
  // Crash while the burst is being served: some orders answered, some in flight, some not
  // yet accepted.
  await expect.poll(() => answered, { timeout: 30_000, intervals: [5] }).toBeGreaterThan(20)
  stack.payments().signal('SIGKILL')
  const results = await Promise.all(calls)
  await stack.payments().exited
  const ok = results.filter((r) => r.answer.status === 201)
  const failed = results.filter((r) => r.answer.status !== 201)
  expect(ok.length).toBeGreaterThan(0)
  expect(failed.length).toBeGreaterThan(0)
  for (const { answer } of failed) expect([0, 503]).toContain(answer.status)

  await stack.startPayments()
  const counts = await orderCounts(prefix)
  for (const { marker } of ok) expect(counts.get(marker), marker).toBe(1)
  for (const { marker } of failed) expect(counts.get(marker) ?? 0, marker).toBeLessThanOrEqual(1)

  // The client retries what got no answer with the same Idempotency-Key: each intended order
  // then exists exactly once, whether or not the first attempt had committed.
  for (const { marker } of failed) {
    const retry = await createOrder(marker)
    expect(retry.status, JSON.stringify(retry.body)).toBe(201)
  }
  const final = await orderCounts(prefix)
  expect(final.size).toBe(200)
  for (const marker of markers) expect(final.get(marker), marker).toBe(1)
})

test('SIGTERM with requests in flight: they complete, then the process exits 0', async () => {
  // Sixteen password hashes on two cores shared with the other worker.
  test.setTimeout(120_000)
  // Distinct customers: the login throttle serialises attempts on one account.
  const phones = distinctPhones(8)
  for (const phone of phones) await registerCustomer(stack.paymentsUrl, phone, 'Sigterm-pass-1404')
  const prefix = `sigterm-${randomUUID().slice(0, 8)}-`
  await warmConnections(`${stack.paymentsUrl}/healthz`, 28)
  // Logins hash a password (argon2, queued on two cores) and order creations write to the
  // database: a burst of them is still being served, or not yet read, when SIGTERM lands.
  const logins = phones.map((phone) =>
    callApi(`${stack.paymentsUrl}/api/auth/login/`, {
      method: 'POST',
      body: { username: phone, phone, password: 'Sigterm-pass-1404' },
    }),
  )
  const orders = Array.from({ length: 20 }, (_, i) => createOrder(`${prefix}${i}`))
  await sleep(150)
  const service = stack.payments()
  service.signal('SIGTERM')
  // Draining: readiness fails at once (new connections are still answered for SHUTDOWN_LINGER_MS,
  // 3 s here), so a load balancer stops sending here before the listener closes.
  await expect
    .poll(async () => (await callApi(`${stack.paymentsUrl}/readyz`)).status, {
      timeout: 2_500,
      intervals: [50],
    })
    .toBe(503)
  const [loginAnswers, orderAnswers] = await Promise.all([Promise.all(logins), Promise.all(orders)])
  expect(loginAnswers.map((a) => a.status)).toEqual(loginAnswers.map(() => 200))
  expect(orderAnswers.map((a) => a.status)).toEqual(orderAnswers.map(() => 201))
  expect(await service.exited).toBe(0)
  expect(stack.output().join('')).toContain('stopped')
  const counts = await orderCounts(prefix)
  expect(counts.size).toBe(20)

  // Stopped means stopped: new connections are refused.
  expect((await callApi(`${stack.paymentsUrl}/healthz`)).status).toBe(0)
  await stack.startPayments()
})

test('web stays up through payments-service and database outages, with Persian messages', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const web = await startWebInstance({
    port: faultPorts.web,
    cmsUrl: e2eUrls.cms,
    paymentsUrl: stack.paymentsUrl,
  })
  const [phone] = distinctPhones(1)
  await registerCustomer(stack.paymentsUrl, phone!, 'Outage-pass-1404')
  const tryLogin = async () => {
    await page.goto(`${web.url}/?auth=login`)
    await page.getByLabel('شماره موبایل').fill(phone!)
    await page.getByLabel('رمز عبور', { exact: true }).fill('Outage-pass-1404')
    await page.getByRole('button', { name: 'ورود', exact: true }).click()
  }
  try {
    // PostgreSQL down: payments-service answers its Persian 503, which the form shows.
    await stack.stopPostgres()
    await tryLogin()
    await expect(page.getByText(UNAVAILABLE)).toBeVisible()

    // payments-service down: the form says the login failed; the API proxy answers in Persian.
    await stack.startPostgres()
    await stack.payments().stop()
    await tryLogin()
    await expect(page.getByText('ورود ناموفق بود')).toBeVisible()
    const proxied = await callApi(`${web.url}/api/quote/?amount=50&currency=USD`)
    expect(proxied.status).toBe(502)
    expect(proxied.body).toEqual({
      detail: 'سرویس پرداخت در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.',
    })
    const home = await page.goto(`${web.url}/`)
    expect(home?.status()).toBeLessThan(500)

    // Both back: the same web process signs the customer in.
    await stack.startPayments()
    await tryLogin()
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(web.output()).not.toContain('"level":60')
  } finally {
    await web.stop()
    if (stack.payments().hasExited()) await stack.startPayments()
  }
})

test('web on SIGTERM: requests in flight (pages and the /api proxy) complete, exit 0', async () => {
  test.setTimeout(90_000)
  const web = await startWebInstance({
    port: faultPorts.web,
    cmsUrl: e2eUrls.cms,
    paymentsUrl: stack.paymentsUrl,
  })
  try {
    const phones = distinctPhones(6)
    for (const phone of phones) await registerCustomer(stack.paymentsUrl, phone, 'Web-pass-1404')
    await warmConnections(`${web.url}/healthz`, 16)
    // Logins through web's /api proxy (slow upstream: argon2) and server-rendered pages.
    const logins = phones.map((phone) =>
      callApi(`${web.url}/api/auth/login/`, {
        method: 'POST',
        body: { username: phone, phone, password: 'Web-pass-1404' },
      }),
    )
    const pages = Array.from({ length: 10 }, () => callApi(`${web.url}/?auth=login`))
    await sleep(100)
    web.signal('SIGTERM')
    const answers = await Promise.all([...logins, ...pages])
    expect(answers.slice(0, phones.length).map((a) => a.status)).toEqual(phones.map(() => 200))
    expect(answers.slice(phones.length).map((a) => a.status)).toEqual(pages.map(() => 200))
    expect(await web.exited).toBe(0)
    expect(web.output()).toContain('"msg":"stopped"')
  } finally {
    await web.stop()
  }
})
