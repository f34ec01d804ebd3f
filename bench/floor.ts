/**
 * The floors the bench compares payments-service with: bare Koa (one middleware, no router, no
 * auth, no logging) answering the same three calls as cheaply as possible while still doing
 * the work the answer needs.
 *
 *   GET  /quote   the quote computed per request, as the app must: the query string parsed, the
 *                 amount read with the same money function (Persian digits, two decimals), the
 *                 currency and type checked, the current rate from memory (read from the
 *                 database at start and every 10 s, like the app's cache), the fee and rounding
 *                 of money.ts, the lock's end time, the signed quote_token (ADR 013: one
 *                 HMAC-SHA-256, as quotes/quote-token.ts signs it), and the JSON written. It used to answer a
 *                 precomputed string, which measured Koa against Koa-plus-arithmetic: no
 *                 implementation of the route could have reached 60 % of that (README).
 *   GET  /list    the app's list SQL through plain `pg`, rows as JSON
 *   POST /create  the app's INSERTs (order + audit event, one transaction) through plain `pg`
 *   POST /callback the bank's return, settled with the least a correct settlement does: the
 *                 attempt found by ResNum, and — where the database has the ledger (ADR 014) —
 *                 the callback's RefNum stored before any bank call, the bank's receipt for the
 *                 attempt's own token asked to prove the RefNum, then verify; one transaction
 *                 (order and attempt locked, the attempt still open and its RefNum nobody
 *                 else's, attempt verified, order paid, audit event, and the capture's balanced
 *                 journal entry), and the 303 to web's order page. On a database from
 *                 before the ledger (the bench's baseline run) it does what that code needed:
 *                 verify and the one transaction, with no receipt, no early write, no entry.
 *
 * Run as its own process by run.ts, like the app: FLOOR_PORT, DATABASE_URL, FLOOR_USER_ID,
 * FLOOR_POOL_MAX, FLOOR_BANK_URL, FLOOR_TERMINAL_ID, FLOOR_WEB_URL.
 */
import { randomBytes } from 'node:crypto'
import Koa from 'koa'
import pg from 'pg'
import { formatMinor, parseAmountToMinor } from '@arzpol/contracts/amount'
import { findPaymentType } from '@arzpol/contracts/catalog/payment-types'
import type { Currency } from '@arzpol/contracts/value-sets'
import { priceInRials } from '../payments-service/src/modules/catalog/money.ts'
import { createQuoteSigner } from '../payments-service/src/modules/catalog/quote-token.ts'

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
  const now = new Date()
  const expiresAt = new Date(now.getTime() + RATE_LOCK_MS)
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
      // What the app's token also signs (ADR 033): the catalog versions of its copies, and when.
      basis: { rateVersion: 0, typeVersion: 0, issuedAt: now },
    }),
  }
}

// What objection sends for `payments.list` (Order.query().where().orderBy().limit()).
const LIST_SQL =
  'select "payments".* from "payments" where "user_id" = $1 order by "created_at" desc, "id" desc limit $2'

const INSERT_SQL = `insert into "payments" ("user_id", "payment_type", "stage", "site_url", "site_username",
  "site_password_enc", "site_password_key_id", "amount_minor", "currency", "rate_irr", "subtotal_irr",
  "fee_irr", "amount_irr", "rate_locked_until", "description", "meta", "sheba", "created_at", "updated_at")
  values ($1, $2, 'awaiting_payment', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, null, $16, $16)
  returning *`
const EVENT_SQL = `insert into "payment_events" ("payment_id", "from_stage", "to_stage", "reason", "actor",
  "actor_user_id", "data", "created_at") values ($1, null, 'awaiting_payment', 'created', 'customer', $2, $3, $4)`

// The app's limit check (modules/identity/limits.ts): the customer's row locked, then in one
// statement their level, its limits, the money they moved today and this Jalali month, and what
// their payments under way hold (open bank attempts younger than a token's life, cash-outs not
// yet paid out). The month starts at the bench's own start (a lower bound the app's Jalali month
// cannot beat).
const MONTH_START = new Date(Date.now() - 31 * 86_400_000)
const TOKEN_LIFETIME_MS = 20 * 60_000
const STANDING_SQL = `SELECT l.per_order_irr, l.per_day_irr, l.per_month_irr, u.day_irr, u.month_irr,
       h.reserved_irr
  FROM (SELECT $2::integer AS user_id) AS me
  LEFT JOIN customer_identities ci ON ci.user_id = me.user_id
  LEFT JOIN identity_levels l ON l.level = COALESCE(ci.level, 0)
  CROSS JOIN LATERAL (
    SELECT COALESCE(SUM(amount_irr) FILTER (WHERE money_moved_at >= $1), 0)::bigint AS day_irr,
           COALESCE(SUM(amount_irr), 0)::bigint AS month_irr
      FROM payments WHERE user_id = me.user_id AND stage IN ('paid', 'in_progress', 'done')
       AND money_moved_at >= $3) AS u
  CROSS JOIN LATERAL (
    SELECT COALESCE(SUM(r.amount_irr), 0)::bigint AS reserved_irr
      FROM (SELECT p.id, p.amount_irr FROM payments p
              JOIN gateway_transactions g ON g.payment_id = p.id
             WHERE p.user_id = me.user_id AND p.stage = 'awaiting_payment'
               AND g.status IN ('created', 'token_created', 'verifying')
               AND (g.status = 'verifying' OR g.created_at > $4)
             GROUP BY p.id
            UNION ALL
            SELECT p.id, p.amount_irr FROM payments p
             WHERE p.user_id = me.user_id AND p.payment_type = 'payout'
               AND p.stage IN ('awaiting_payout_details', 'in_progress')) AS r) AS h`

async function withinLimits(
  client: pg.PoolClient,
  userId: number,
  amountIrr: number,
  now: Date,
): Promise<boolean> {
  await client.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
  const standing = await client.query<{
    per_order_irr: string
    per_day_irr: string
    per_month_irr: string
    day_irr: string
    month_irr: string
    reserved_irr: string
  }>(STANDING_SQL, [
    new Date(now.getTime() - 86_400_000),
    userId,
    MONTH_START,
    new Date(now.getTime() - TOKEN_LIFETIME_MS),
  ])
  const row = standing.rows[0]
  if (!row || row.per_order_irr === null) return false
  const held = Number(row.reserved_irr)
  return (
    amountIrr <= Number(row.per_order_irr) &&
    amountIrr <= Number(row.per_day_irr) - Number(row.day_irr) - held &&
    amountIrr <= Number(row.per_month_irr) - Number(row.month_irr) - held
  )
}

async function readJson(req: Koa.Context['req']): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
}

const bankUrl = process.env.FLOOR_BANK_URL ?? ''
const terminal = Number(process.env.FLOOR_TERMINAL_ID ?? 0)
const webUrl = process.env.FLOOR_WEB_URL ?? ''
const { rows: ledgerTables } = await pool.query<{ present: boolean }>(
  "SELECT to_regclass('postings') IS NOT NULL AS present",
)
const withLedger = ledgerTables[0]?.present === true

async function bank(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${bankUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as Record<string, unknown>
}

async function callback(ctx: Koa.Context): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer)
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  const refNum = form.get('RefNum') ?? ''
  const { rows: found } = await pool.query<{ id: number; payment_id: number; token: string }>(
    'SELECT id, payment_id, token FROM gateway_transactions WHERE res_num = $1',
    [form.get('ResNum') ?? ''],
  )
  const attempt = found[0]
  if (!attempt || form.get('State') !== 'OK' || !refNum) {
    ctx.status = 400
    return
  }
  if (withLedger) {
    await pool.query(
      `UPDATE gateway_transactions SET callback_ref_num = $2, callback_state = $3, callback_at = now()
        WHERE id = $1`,
      [attempt.id, refNum, form.get('State')],
    )
    const receipt = await bank('/verifyTxnRandomSessionkey/api/v2/ipg/payment/receipt', {
      Token: attempt.token,
      TerminalNumber: terminal,
    })
    if ((receipt.Data as { RefNum?: string } | null)?.RefNum !== refNum) {
      ctx.status = 409
      return
    }
  }
  const verified = await bank('/verifyTxnRandomSessionkey/ipg/VerifyTransaction', {
    RefNum: refNum,
    TerminalNumber: terminal,
  })
  const amount = Number(
    (verified.TransactionDetail as { OrginalAmount?: number } | null)?.OrginalAmount ?? 0,
  )
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query<{ amount_irr: string }>(
      'SELECT amount_irr FROM payments WHERE id = $1 FOR UPDATE',
      [attempt.payment_id],
    )
    // Still open under the lock (a duplicate callback must not book twice), and the RefNum
    // nobody else's (the unique reference of every version of the app).
    const { rows: open } = await client.query<{ status: string }>(
      'SELECT status FROM gateway_transactions WHERE id = $1 FOR UPDATE',
      [attempt.id],
    )
    const { rows: holder } = await client.query(
      'SELECT id FROM gateway_transactions WHERE ref_num = $1 AND id <> $2',
      [refNum, attempt.id],
    )
    if (
      verified.Success !== true ||
      Number(rows[0]?.amount_irr) !== amount ||
      open[0]?.status !== 'token_created' ||
      holder.length > 0
    ) {
      throw new Error(`floor: verify answered ${JSON.stringify(verified)}`)
    }
    const now = new Date()
    await client.query(
      `UPDATE gateway_transactions SET status = 'verified', ref_num = $2, updated_at = $3
        WHERE id = $1`,
      [attempt.id, refNum, now],
    )
    await client.query(`UPDATE payments SET stage = 'paid', updated_at = $2 WHERE id = $1`, [
      attempt.payment_id,
      now,
    ])
    await client.query(
      `INSERT INTO payment_events (payment_id, from_stage, to_stage, reason, actor, data, created_at)
       VALUES ($1, 'awaiting_payment', 'paid', 'gateway_verified', 'gateway', $2, $3)`,
      [attempt.payment_id, JSON.stringify({ ref_num: refNum }), now],
    )
    if (withLedger) {
      const { rows: entry } = await client.query<{ id: number }>(
        `INSERT INTO journal_entries (idempotency_key, content_hash, event_type, event_ref,
           effective_at, created_by)
         VALUES ($1, $2, 'capture', $3, $4, 'gateway') RETURNING id`,
        [`gtx:${attempt.id}:outcome`, refNum, `gtx:${attempt.id}`, now],
      )
      await client.query(
        `INSERT INTO postings (entry_id, account_id, amount, order_id, gateway_tx_id)
         VALUES ($1, 1, $2, $3, $4), ($1, 5, $5, $3, $4)`,
        [entry[0]?.id, amount, attempt.payment_id, attempt.id, -amount],
      )
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
  ctx.status = 303
  ctx.redirect(`${webUrl}/dashboard/orders/${attempt.payment_id}?payment=success`)
}

const app = new Koa()
app.use(async (ctx) => {
  if (ctx.method === 'POST' && ctx.path === '/callback') return callback(ctx)
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
    // The customer the app would read from the bearer token; run.ts takes the creators in turn.
    const customerId = Number(ctx.get('x-bench-customer')) || userId
    const now = new Date()
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      if (!(await withinLimits(client, customerId, 118_450_000, now))) {
        await client.query('ROLLBACK')
        ctx.status = 403
        return
      }
      const { rows } = await client.query<Record<string, unknown>>(INSERT_SQL, [
        customerId,
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
      await client.query(EVENT_SQL, [row.id, customerId, '{}', now])
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
