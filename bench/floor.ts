/**
 * The floors the bench compares payments-service with: bare Koa (one middleware, no router, no
 * auth, no logging) answering the same three calls as cheaply as possible while still doing
 * the work the answer needs.
 *
 *   GET  /quote   the quote computed per request, as the app must: the query string parsed, the
 *                 amount read with the same money function (Persian digits, two decimals), the
 *                 currency and type checked, the current rate from memory (read from the
 *                 database at start and every 10 s, like the app's cache), the fee and rounding
 *                 of money.ts, the lock's end time, the signed quote_token (issue 15: one
 *                 HMAC-SHA-256, as quotes/quote-token.ts signs it), and the JSON written. It used to answer a
 *                 precomputed string, which measured Koa against Koa-plus-arithmetic: no
 *                 implementation of the route could have reached 60 % of that (README).
 *   GET  /list    the app's list SQL through plain `pg`, rows as JSON
 *   POST /create  the app's INSERTs (order + audit event, one transaction) through plain `pg`
 *
 * Run as its own process by run.ts, like the app: FLOOR_PORT, DATABASE_URL, FLOOR_USER_ID,
 * FLOOR_POOL_MAX.
 */
import { randomBytes } from 'node:crypto'
import Koa from 'koa'
import pg from 'pg'
import {
  formatMinor,
  parseAmountToMinor,
  priceInRials,
  type Currency,
} from '../payments-service/src/modules/money/money.ts'
import { findPaymentType } from '../payments-service/src/modules/payment-types/catalog.ts'
import { createQuoteSigner } from '../payments-service/src/modules/quotes/quote-token.ts'

const port = Number(process.env.FLOOR_PORT)
const userId = Number(process.env.FLOOR_USER_ID)
// As many connections as the app's pool (run.ts passes the same number to both).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.FLOOR_POOL_MAX ?? 10),
})

const RATE_LOCK_MS = 15 * 60_000
const signer = createQuoteSigner(randomBytes(32))
const rates = new Map<string, number>()
async function loadRates(): Promise<void> {
  const { rows } = await pool.query<{ currency: string; buy_rate_irr: string }>(
    'SELECT DISTINCT ON (currency) currency, buy_rate_irr FROM rates ORDER BY currency, created_at DESC, id DESC',
  )
  for (const row of rows) rates.set(row.currency, Number(row.buy_rate_irr))
}
await loadRates()
setInterval(() => void loadRates(), 10_000).unref()

function quote(ctx: Koa.Context): void {
  const query = new URLSearchParams(ctx.querystring)
  const minor = parseAmountToMinor(query.get('amount') ?? '')
  const currency = (query.get('currency') ?? 'USD').trim().toUpperCase()
  const type = findPaymentType(query.get('payment_type') ?? 'topup')
  const rate = rates.get(currency)
  if (minor === null || minor > BigInt(Number.MAX_SAFE_INTEGER) || !type) {
    ctx.status = 400
    ctx.body = { amount: ['مبلغ معتبر وارد کنید'] }
    return
  }
  if (rate === undefined) {
    ctx.status = 503
    ctx.body = { detail: 'نرخ این ارز در حال حاضر در دسترس نیست.' }
    return
  }
  const price = priceInRials({
    amountMinor: minor,
    rateIrr: rate,
    fee: type.fee,
    direction: type.direction,
  })
  const expiresAt = new Date(Date.now() + RATE_LOCK_MS)
  ctx.body = {
    amount: formatMinor(minor),
    currency,
    payment_type: type.value,
    rate_irr: rate,
    ...price,
    expires_at: expiresAt,
    quote_token: signer.sign({
      amountMinor: Number(minor),
      currency: currency as Currency,
      paymentType: type.value,
      rateIrr: rate,
      subtotalIrr: price.subtotal_irr,
      feeIrr: price.fee_irr,
      amountIrr: price.amount_irr,
      expiresAt,
    }),
  }
}

// What objection sends for `payments.list` (Payment.query().where().orderBy().limit()).
const LIST_SQL =
  'select "payments".* from "payments" where "user_id" = $1 order by "created_at" desc, "id" desc limit $2'

const INSERT_SQL = `insert into "payments" ("user_id", "payment_type", "stage", "site_url", "site_username",
  "site_password_enc", "site_password_key_id", "amount_minor", "currency", "rate_irr", "subtotal_irr",
  "fee_irr", "amount_irr", "rate_locked_until", "description", "meta", "sheba", "created_at", "updated_at")
  values ($1, $2, 'awaiting_payment', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, null, $16, $16)
  returning *`
const EVENT_SQL = `insert into "payment_events" ("payment_id", "from_stage", "to_stage", "reason", "actor",
  "actor_user_id", "data", "created_at") values ($1, null, 'awaiting_payment', 'created', 'customer', $2, $3, $4)`

async function readJson(req: Koa.Context['req']): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
}

const app = new Koa()
app.use(async (ctx) => {
  if (ctx.method === 'GET' && ctx.path === '/quote') return quote(ctx)
  if (ctx.method === 'GET' && ctx.path === '/list') {
    const { rows } = await pool.query<Record<string, unknown>>(LIST_SQL, [userId, 500])
    // The app never sends the ciphertext either.
    for (const row of rows) delete row.site_password_enc
    ctx.body = rows
    return
  }
  if (ctx.method === 'POST' && ctx.path === '/create') {
    const body = await readJson(ctx.req)
    const now = new Date()
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const { rows } = await client.query<Record<string, unknown>>(INSERT_SQL, [
        userId,
        body.payment_type,
        body.site_url,
        body.site_username,
        Buffer.alloc(39, 1),
        'k1',
        10_000,
        body.currency,
        1_150_000,
        115_000_000,
        3_450_000,
        118_450_000,
        new Date(now.getTime() + 15 * 60_000),
        body.description,
        JSON.stringify(body.meta ?? {}),
        now,
      ])
      const row = rows[0] as Record<string, unknown>
      await client.query(EVENT_SQL, [row.id, userId, '{}', now])
      await client.query('COMMIT')
      delete row.site_password_enc
      ctx.status = 201
      ctx.body = row
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    } finally {
      client.release()
    }
    return
  }
  ctx.status = 404
})

const server = app.listen(port, '127.0.0.1')
process.once('SIGTERM', () => {
  server.close()
  void pool.end()
})
