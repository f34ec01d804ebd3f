/**
 * `npm run bench -- propagation`: how long a change takes to reach every pod through the change
 * bus (ADR 033), on a throw-away embedded PostgreSQL (or a fresh database on
 * BENCH_DATABASE_URL's server).
 *
 *   rate  an admin sets a new USD rate on pod 0 (`POST /api/rates/`); every pod is asked for a
 *         quote every few milliseconds until it answers the new rate. The caches live an hour
 *         (RATE_CACHE_TTL_SECONDS=3600), so only the bus can bring the change.
 *   cms   what web does with the cms's webhook: `POST /internal/changes/cms` on pod 0; every
 *         "web pod" (a subscriber to `GET /internal/changes`, the stream each web process
 *         follows, spread over the payments pods as a Service would) waits for the event. The
 *         web process drops its cache on it synchronously, so the event's arrival is the figure.
 *
 * Each figure is from sending the request to the last pod having it. BENCH_PODS payments-service
 * processes (default 3, `src/main.ts` as deployed, APP_ENV=development so no vendor keys are
 * needed), BENCH_WEB_PODS subscribers (default 3), BENCH_PROPAGATION_ROUNDS changes of each kind
 * (default 20). Prints p50, p95 and max. Targets: rate p95 ≤ 1000 ms, cms p95 ≤ 2000 ms; exits 1
 * above them.
 */
import type { ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openBenchDatabase } from './database.ts'
import { spawnServer, stopChild } from './server-process.ts'
import { parseChangeEvent } from '@arzpol/contracts/changes'
import { eventStreamReader } from '@arzpol/contracts/event-stream'
import { getFreePort, waitForHttp } from '@arzpol/devstack'
import { createKnex } from '../payments-service/src/db/knex.ts'
import { migrateLatest } from '../payments-service/src/db/migrate.ts'
import { createTokenService } from '../payments-service/src/modules/auth/tokens.ts'

const PODS = Number(process.env.BENCH_PODS ?? 3)
const WEB_PODS = Number(process.env.BENCH_WEB_PODS ?? 3)
const ROUNDS = Number(process.env.BENCH_PROPAGATION_ROUNDS ?? 20)
const TARGET_RATE_P95_MS = 1_000
const TARGET_CMS_P95_MS = 2_000
const SECRET = randomBytes(24).toString('hex')
/** How long one change may take to reach every pod before the round counts as lost. */
const GIVE_UP_MS = 10_000

function startPod(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  return spawnServer(process.execPath, ['--import', 'tsx', 'payments-service/src/main.ts'], env)
}

/** A web pod's subscription: the time each `cms` event (by model) arrived. */
function subscribe(podUrl: string) {
  const controller = new AbortController()
  const arrived = new Map<string, number>()
  let opened: () => void = () => undefined
  const open = new Promise<void>((resolve) => (opened = resolve))
  void (async () => {
    const response = await fetch(`${podUrl}/internal/changes`, {
      headers: { Authorization: `Bearer ${SECRET}` },
      signal: controller.signal,
    })
    if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`)
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const events = eventStreamReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      const now = performance.now()
      for (const { data } of events.push(decoder.decode(value, { stream: true }))) {
        const event = parseChangeEvent(data)
        if (event?.type === 'resync') opened()
        if (event?.type === 'cms' && event.model) arrived.set(event.model, now)
      }
    }
  })().catch(() => undefined)
  return { open, arrived, close: () => controller.abort() }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
const ms = (value: number) => `${value.toFixed(1)} ms`

export async function runPropagationBench(): Promise<boolean> {
  const database = await openBenchDatabase('propagation')
  const db = createKnex({ url: database.url, poolMax: 2 })
  const pods: Array<ReturnType<typeof startPod>> = []
  const subscribers: Array<ReturnType<typeof subscribe>> = []
  try {
    await migrateLatest(db)
    const privateKey = generateKeyPairSync('ed25519').privateKey
    const urls: string[] = []
    for (let i = 0; i < PODS; i += 1) {
      const port = await getFreePort()
      urls.push(`http://127.0.0.1:${port}`)
      pods.push(
        startPod({
          APP_ENV: 'development',
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.url,
          DATABASE_POOL_MAX: '3',
          PAYMENTS_HOST: '127.0.0.1',
          PAYMENTS_PORT: String(port),
          JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          CMS_WEBHOOK_SECRET: SECRET,
          // Only the bus may bring a change: the caches would keep the old rate for an hour.
          RATE_CACHE_TTL_SECONDS: '3600',
          // The sandbox bank is never called; a closed port makes a stray call fail at once.
          SANDBOX_BANK_URL: 'http://127.0.0.1:9',
          ATTACHMENTS_DIR: path.join(tmpdir(), `arzpol-bench-propagation-${process.pid}`),
        }),
      )
    }
    for (const [i, url] of urls.entries()) {
      try {
        await waitForHttp(`${url}/readyz`, { timeoutMs: 120_000 })
      } catch (error) {
        throw new Error(`pod ${i} did not start:\n${pods[i]?.output()}`, { cause: error })
      }
    }

    // An admin whose session passed the second factor (staff powers need it).
    const [admin] = (await db('users')
      .insert({
        phone: '09120000001',
        username: 'bench-admin',
        password_hash: 'not-a-hash',
        role: 'admin',
        password_changed_at: new Date(Date.now() - 60_000),
      })
      .returning(['id', 'phone', 'username', 'role'])) as Array<{
      id: number
      phone: string
      username: string
      role: 'admin'
    }>
    if (!admin) throw new Error('admin not created')
    const session = { id: randomUUID(), secondFactor: true }
    await db('refresh_tokens').insert({
      user_id: admin.id,
      family_id: session.id,
      token_hash: randomBytes(32).toString('hex'),
      second_factor: true,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    const tokens = await createTokenService({
      privateKey,
      issuer: 'arzpol-payments',
      accessTtlSeconds: 3600,
      clock: { now: () => new Date() },
    })
    const adminToken = await tokens.signAccess(admin, session)

    for (let i = 0; i < WEB_PODS; i += 1) subscribers.push(subscribe(urls[i % PODS]!))
    await Promise.all(subscribers.map((subscriber) => subscriber.open))

    let rate = 1_150_000
    const quoted = async (url: string) => {
      const response = await fetch(`${url}/api/quote/?amount=1&currency=USD`)
      const body = (await response.json()) as { rate_irr?: number }
      return body.rate_irr
    }
    /** Sets the next rate on pod 0; ms until every pod quotes it. */
    const rateRound = async (): Promise<number> => {
      rate += 1_000
      const wanted = rate
      // Every pod holds the current rate in memory before the change.
      await Promise.all(urls.map(quoted))
      const started = performance.now()
      const set = fetch(`${urls[0]}/api/rates/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ currency: 'USD', buy_rate_irr: wanted, confirm: true }),
      }).then(async (response) => {
        if (response.status !== 201)
          throw new Error(`rate: ${response.status} ${await response.text()}`)
      })
      const reached = await Promise.all(
        urls.map(async (url) => {
          while (performance.now() - started < GIVE_UP_MS) {
            if ((await quoted(url)) === wanted) return performance.now() - started
            await new Promise((resolve) => setTimeout(resolve, 2))
          }
          throw new Error(`the rate never reached ${url}`)
        }),
      )
      await set
      return Math.max(...reached)
    }
    /** What web passes on of a cms webhook, on pod 0; ms until every subscriber heard it. */
    const cmsRound = async (round: number): Promise<number> => {
      const model = `bench-${round}`
      const started = performance.now()
      const response = await fetch(`${urls[0]}/internal/changes/cms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SECRET}` },
        body: JSON.stringify({ model }),
      })
      if (response.status !== 204) throw new Error(`cms: ${response.status}`)
      while (!subscribers.every((subscriber) => subscriber.arrived.has(model))) {
        if (performance.now() - started > GIVE_UP_MS) throw new Error('a web pod never heard it')
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
      return Math.max(...subscribers.map((subscriber) => subscriber.arrived.get(model)! - started))
    }

    // A round of each first: every pod's bus is listening (and the code paths are warm).
    await rateRound()
    await cmsRound(-1)
    const rates: number[] = []
    const cms: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      rates.push(await rateRound())
      cms.push(await cmsRound(round))
    }

    const rows = [
      ['rate', rates, TARGET_RATE_P95_MS, `${PODS} payments pods quote it`],
      ['cms', cms, TARGET_CMS_P95_MS, `${WEB_PODS} web pods heard it`],
    ] as const
    console.log('')
    console.log(`propagation: ${ROUNDS} changes of each kind, from the request to the last pod`)
    let ok = true
    for (const [name, values, target, what] of rows) {
      const p95 = percentile(values, 95)
      const passed = p95 <= target
      ok &&= passed
      console.log(
        `${name.padEnd(5)} p50 ${ms(percentile(values, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  max ${ms(Math.max(...values)).padStart(9)}  (${what}; target p95 ≤ ${target} ms) ${passed ? 'ok' : 'MISSED'}`,
      )
    }
    console.log('')
    return ok
  } finally {
    for (const subscriber of subscribers) subscriber.close()
    await Promise.all(pods.map((pod) => stopChild(pod.child)))
    await db.destroy()
    await database.close()
  }
}
