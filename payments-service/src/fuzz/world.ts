import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ORDER_STAGES } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { createApp } from '../app.ts'
import { createDeps } from '../deps.ts'
import { createKnex } from '../db/knex.ts'
import { reachedHandler } from '../http/route.ts'
import { TEST_CARDS } from '../sandbox-bank/cards.ts'
import { startSandboxBank, type SandboxBank } from '../sandbox-bank/server.ts'
import { SANDBOX_IDENTITIES } from '../sandbox-identity/identities.ts'
import { startSandboxIdentity } from '../sandbox-identity/server.ts'
import { seedTicketCategories } from '../modules/tickets/categories.ts'
import { payAtBank, SEED_RATES, TERMINAL, TEST_CREDENTIALS_KEY, WEB } from '../test/orders.ts'
import { validOrder } from '../test/sample-orders.ts'
import { testConfig } from '../test/app.ts'
import { ManualClock } from '../test/clock.ts'
import { createTestDatabase } from '../test/db.ts'
import { insertUser } from '../test/factories.ts'
import { freshNationalCode } from '../test/identity.ts'
import { startFakeKavenegar, type FakeKavenegar } from '../test/fake-kavenegar.ts'
import { withTestSessions, type TestDeps } from '../test/sessions.ts'
import { SAMPLE_FILES } from '../test/tickets.ts'
import type { Identity } from './arbitraries.ts'

/**
 * The fuzz's own harness and fixture world (ADR 018): the real app on its own database, a real
 * sandbox bank and the Kavenegar fake, like the other integration tests, but without their
 * per-test truncation (@fast-check/vitest runs `beforeEach` before every generated case, and the
 * world must outlive them). Two things only the fuzz needs:
 * - every request carries an `X-Fuzz-Id`; `reached(id)` says whether it got past validation into
 *   its handler (route.ts's `reachedHandler`);
 * - a row trigger on every table logs each insert, update and delete in `fuzz_writes`, so a test
 *   can list exactly what one request wrote.
 */

export const PASSWORD = 'correct horse 1'
export const SHEBA = 'IR820540102680020817909002'
/** The real sample files of the tests, plus the fuzz's own hostile ones. */
export const FILES = {
  png: SAMPLE_FILES.png,
  pdf: SAMPLE_FILES.pdf,
  exe: SAMPLE_FILES.exe,
  empty: Buffer.alloc(0),
  text: Buffer.from('سلام\u0000<script>alert(1)</script>'),
}

export interface Harness {
  url: string
  /** Tokens signed with `deps.tokens.signAccess(user)` get a session of their own. */
  deps: TestDeps
  db: Knex
  bank: SandboxBank
  /** What Koa reported outside any answer (`app.on('error')`), by X-Fuzz-Id. */
  appErrors: Array<{ id: string; error: Error }>
  /** Whether the request sent with this X-Fuzz-Id reached its handler (forgotten once read). */
  reached(id: string): boolean
  /** The last id in `fuzz_writes`. */
  writeMark(): Promise<number>
  /**
   * Rows written since `mark` and still there: table and operation. A row inserted and deleted
   * again unchanged (a lock such as an Idempotency-Key claim released on failure) is not listed.
   */
  writesSince(mark: number): Promise<Array<{ tbl: string; op: string }>>
  close(): Promise<void>
}

async function installWriteLog(db: Knex): Promise<void> {
  await db.raw(
    `CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL,
      row_hash text NOT NULL)`,
  )
  await db.raw(`CREATE FUNCTION fuzz_record_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes (tbl, op, row_hash) VALUES (TG_TABLE_NAME, TG_OP,
        md5(CASE TG_OP WHEN 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END::text));
      RETURN NULL;
    END $$`)
  const { rows } = (await db.raw(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public'
      AND tablename NOT LIKE 'knex_%' AND tablename <> 'fuzz_writes'`,
  )) as { rows: Array<{ tablename: string }> }
  for (const { tablename } of rows) {
    await db.raw(
      `CREATE TRIGGER fuzz_write AFTER INSERT OR UPDATE OR DELETE ON "${tablename}"
        FOR EACH ROW EXECUTE FUNCTION fuzz_record_write()`,
    )
  }
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const database = await createTestDatabase()
  const db = createKnex({ url: database.url, poolMax: 5 })
  const attachmentsDir = mkdtempSync(path.join(os.tmpdir(), 'arzpol-fuzz-'))
  const bank = await startSandboxBank({ port: 0, terminalIds: [TERMINAL] })
  const identity = await startSandboxIdentity({ port: 0 })
  const kavenegar: FakeKavenegar = await startFakeKavenegar()
  const clock = new ManualClock()
  const config = testConfig({
    DATABASE_URL: database.url,
    ...kavenegar.env,
    KAVENEGAR_TICKET_REPLY_TEMPLATE: 'arzpol-ticket-reply',
    CREDENTIALS_ENCRYPTION_KEY: TEST_CREDENTIALS_KEY,
    CREDENTIALS_KEY_ID: 'k-test',
    WEB_PUBLIC_URL: WEB,
    GATEWAY_TIMEOUT_MS: '5000',
    RATE_CACHE_TTL_SECONDS: '0',
    SANDBOX_BANK_URL: bank.url,
    IDENTITY_SANDBOX_URL: identity.url,
    ATTACHMENTS_DIR: attachmentsDir,
    // Budgets far above what the fuzz sends, so its requests meet the handlers rather than the
    // limits (the limits have tests of their own).
    OTP_SEND_LIMIT_PER_PHONE_PER_HOUR: '100000',
    OTP_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
    OTP_FAILURE_BUDGET_PER_PHONE: '100000',
    OTP_FAILURE_BUDGET_PER_IP: '100000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY: '10000',
    IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY: '100000',
    IDENTITY_CARD_LIMIT_PER_CUSTOMER: '100',
    ...env,
  })
  const deps = withTestSessions(await createDeps(config, { db, clock }))
  // Every SMS is a job (ADR 032): the engine's queues must exist; nothing polls, the fuzz
  // never runs them but at the end (drain).
  await deps.jobs.start({ poll: false })
  await installWriteLog(db)
  await db('rates').insert(
    Object.entries(SEED_RATES).map(([currency, rate]) => ({
      currency,
      buy_rate_irr: rate,
      note: 'fuzz seed',
      created_at: new Date(clock.now().getTime() - 86_400_000),
    })),
  )
  await seedTicketCategories(db)

  const app = createApp(deps)
  const appErrors: Array<{ id: string; error: Error }> = []
  // Errors Koa reports outside a response (a failed stream): kept with the request they hit.
  app.on('error', (error: Error, ctx?: { get(name: string): string }) => {
    appErrors.push({ id: ctx?.get('X-Fuzz-Id') ?? '', error })
  })
  const listener = app.callback()
  const pending = new Map<string, http.IncomingMessage>()
  const server = http.createServer((req, res) => {
    const id = req.headers['x-fuzz-id']
    if (typeof id === 'string') pending.set(id, req)
    void listener(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    db,
    bank,
    appErrors,
    reached(id) {
      const req = pending.get(id)
      pending.delete(id)
      return req !== undefined && reachedHandler.has(req)
    },
    async writeMark() {
      const row = (await db('fuzz_writes').max('id as id').first()) as { id: string | null }
      return Number(row.id ?? 0)
    },
    async writesSince(mark) {
      const rows = (await db('fuzz_writes')
        .where('id', '>', mark)
        .orderBy('id')
        .select('tbl', 'op', 'row_hash')) as Array<{ tbl: string; op: string; row_hash: string }>
      const left = [...rows]
      for (const deleted of rows.filter((row) => row.op === 'DELETE')) {
        const inserted = left.findIndex(
          (row) =>
            row.op === 'INSERT' && row.tbl === deleted.tbl && row.row_hash === deleted.row_hash,
        )
        if (inserted >= 0) {
          left.splice(inserted, 1)
          left.splice(left.indexOf(deleted), 1)
        }
      }
      return left.map(({ tbl, op }) => ({ tbl, op }))
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await deps.sms.drain()
      await deps.jobs.stop()
      await kavenegar.close()
      await bank.close()
      await identity.close()
      await db.destroy()
      await database.drop()
      rmSync(attachmentsDir, { recursive: true, force: true })
    },
  }
}

// --- the world -------------------------------------------------------------------------------------

export interface World {
  tokens: Record<Identity, string | undefined>
  /** Real values by field name, for `Known` references. */
  known: Record<string, unknown[]>
}

interface JsonAnswer {
  status: number
  body: Record<string, unknown>
  text: string
}

async function call(
  h: Harness,
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  let payload: string | FormData | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const response = await fetch(`${h.url}${url}`, {
    method,
    headers,
    body: payload ?? null,
    redirect: 'manual',
  })
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = JSON.parse(text) as Record<string, unknown>
  } catch {
    parsed = {}
  }
  return { status: response.status, body: parsed, text }
}

function expectStatus(answer: JsonAnswer, expected: number, what: string) {
  if (answer.status !== expected) {
    throw new Error(`world: ${what} answered ${answer.status}, not ${expected}: ${answer.text}`)
  }
}

/**
 * Customers, staff and the objects the generated ids point at: orders in several stages (new,
 * waiting at the bank with open attempts, paid, cash-out, cancelled, one with a refund), tickets
 * with messages and attachments, prepared messages, order documents.
 */
export async function buildWorld(h: Harness): Promise<World> {
  const { deps } = h
  const customerUser = await insertUser(deps, { password: PASSWORD })
  const otherUser = await insertUser(deps, { password: PASSWORD })
  const staffUser = await insertUser(deps, { password: PASSWORD, role: 'admin' })
  const customer = await deps.tokens.signAccess(customerUser)
  const other = await deps.tokens.signAccess(otherUser)
  const staff = await deps.tokens.signAccess(staffUser)

  const orderIds: number[] = []
  const createOrder = async (token: string, overrides: Record<string, unknown> = {}) => {
    const answer = await call(h, 'POST', '/api/payments/create/', token, validOrder(overrides))
    expectStatus(answer, 201, 'create')
    const id = answer.body.id as number
    orderIds.push(id)
    return id
  }
  const start = async (token: string, id: number) => {
    const answer = await call(h, 'POST', `/api/payments/${id}/start/`, token, {
      card_number: null,
      flow: 'topup',
    })
    expectStatus(answer, 200, 'start')
    return answer.body as { gateway_url: string | null; token: string | null }
  }

  await createOrder(customer)
  await createOrder(customer, { currency: 'EUR', amount: '120.5', payment_type: 'exams' })
  await createOrder(customer, { payment_type: 'payout', site_username: null, sheba: SHEBA })
  await createOrder(other)
  // Waiting at the bank: open attempts whose ResNum and Token the callback gets.
  const resNums: string[] = []
  const bankTokens: string[] = []
  for (const token of [customer, customer, other]) {
    const id = await createOrder(token)
    for (let i = 0; i < 2; i++) {
      const opened = await start(token, id)
      if (opened.token) bankTokens.push(opened.token)
    }
  }
  // Paid (through the bank and our callback), and one paid then given back.
  const paidIds: number[] = []
  for (let i = 0; i < 2; i++) {
    const id = await createOrder(customer)
    const opened = await start(customer, id)
    const returned = await payAtBank(opened, 'pay', TEST_CARDS.success)
    const callback = await fetch(`${h.url}/api/payments/callback/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(returned.fields),
      redirect: 'manual',
    })
    if (callback.status !== 303) throw new Error(`world: callback answered ${callback.status}`)
    paidIds.push(id)
  }
  // The staff refund, the one refund path: reversed at the sandbox bank.
  expectStatus(
    await call(h, 'POST', `/api/payments/${paidIds[1]}/transition/`, staff, {
      to: 'refunded',
      note: 'world: given back',
    }),
    200,
    'refund',
  )
  const cancelledId = await createOrder(customer)
  expectStatus(
    await call(h, 'POST', `/api/payments/${cancelledId}/cancel/`, customer),
    200,
    'cancel',
  )
  for (const row of (await h.db('gateway_transactions').select('res_num')) as Array<{
    res_num: string | null
  }>) {
    if (row.res_num) resNums.push(row.res_num)
  }

  // A document on an order.
  const form = new FormData()
  form.set('file', new Blob([FILES.pdf], { type: 'application/pdf' }), 'رسید.pdf')
  const document = await call(h, 'POST', `/api/payments/${orderIds[0]}/documents/`, customer, form)
  expectStatus(document, 201, 'document')

  // Identity level 2: a customer of its own at level 1 whose photos wait for review.
  const reviewed = await deps.tokens.signAccess(await insertUser(deps, { password: PASSWORD }))
  const level1 = await call(h, 'POST', '/api/me/identity/', reviewed, {
    first_name: 'علی',
    last_name: 'رضایی',
    national_code: freshNationalCode(),
    birth_date: '1370/06/15',
  })
  expectStatus(level1, 200, 'level 1')
  for (const kind of ['national_card', 'selfie']) {
    const photo = new FormData()
    photo.set('kind', kind)
    photo.set('file', new Blob([FILES.png], { type: 'image/png' }), 'card.png')
    expectStatus(await call(h, 'POST', '/api/me/identity/documents/', reviewed, photo), 201, kind)
  }

  // Tickets with messages, an attachment and a staff reply; prepared messages.
  const categories = (await h.db('ticket_categories').pluck('id')) as number[]
  const ticketIds: number[] = []
  for (const token of [customer, customer, other]) {
    const ticket = await call(h, 'POST', '/api/ticketing/tickets/', token, {
      title: 'مشکل پرداخت',
      category: categories[0],
      message: 'سلام، پرداخت انجام نشد.',
    })
    expectStatus(ticket, 201, 'ticket')
    ticketIds.push(ticket.body.id as number)
  }
  const message = await call(
    h,
    'POST',
    `/api/ticketing/tickets/${ticketIds[0]}/messages/`,
    customer,
    {
      content: 'پیام دوم',
    },
  )
  expectStatus(message, 201, 'message')
  const withFile = new FormData()
  withFile.set('message', String(message.body.id))
  withFile.set('file', new Blob([FILES.png], { type: 'image/png' }), 'scan.png')
  expectStatus(
    await call(h, 'POST', '/api/ticketing/attachments/', customer, withFile),
    201,
    'attachment',
  )
  expectStatus(
    await call(h, 'POST', `/api/staff/tickets/${ticketIds[0]}/messages/`, staff, {
      content: 'در حال بررسی است.',
    }),
    201,
    'staff reply',
  )
  for (const title of ['پرداخت ناموفق', 'مدارک']) {
    expectStatus(
      await call(h, 'POST', '/api/staff/prepared-messages/', staff, {
        title,
        content: 'متن آماده',
      }),
      201,
      'prepared message',
    )
  }
  const closed = await call(h, 'POST', `/api/ticketing/tickets/${ticketIds[2]}/close/`, other)
  expectStatus(closed, 200, 'close')

  // A session with a refresh token (logout and refresh get a real one).
  const login = await call(h, 'POST', '/api/auth/login/', undefined, {
    username: customerUser.phone,
    password: PASSWORD,
  })
  expectStatus(login, 200, 'login')
  const staffLogin = await call(h, 'POST', '/api/auth/login/', undefined, {
    username: staffUser.phone,
    password: PASSWORD,
  })

  const pluck = async (table: string) => (await h.db(table).pluck('id')) as number[]
  const ids = new Set<number>([
    ...orderIds,
    ...ticketIds,
    ...(await pluck('ticket_messages')),
    ...(await pluck('ticket_attachments')),
    ...(await pluck('payment_documents')),
    ...(await pluck('prepared_messages')),
    ...(await pluck('refunds')),
    ...(await pluck('identity_reviews')),
    customerUser.id,
    otherUser.id,
    staffUser.id,
  ])
  const refresh = [login.body.refresh, staffLogin.body.refresh].filter(Boolean)
  const challenge = [staffLogin.body.challenge].filter(Boolean)

  return {
    tokens: { anonymous: undefined, customer, other, staff },
    known: {
      id: [...ids],
      docId: await pluck('payment_documents'),
      message: await pluck('ticket_messages'),
      category: categories,
      prepared_message: await pluck('prepared_messages'),
      phone: [customerUser.phone, otherUser.phone, staffUser.phone, '09121234567'],
      username: [customerUser.phone, otherUser.phone],
      password: [PASSWORD],
      old_password: [PASSWORD],
      refresh: refresh.length ? refresh : ['no-refresh-token'],
      challenge: challenge.length ? challenge : ['no-challenge'],
      sheba: [SHEBA],
      code: ['1234', '۱۲۳۴', '123456', '000000', 'abcde-fghij'],
      site_url: ['https://wallet.example.com', 'example.com'],
      stage: [...ORDER_STAGES],
      amount: ['50', '120.5', 10, '۷۵'],
      currency: ['USD', 'EUR', 'GBP'],
      ResNum: resNums,
      Token: bankTokens,
      State: ['OK', 'CanceledByUser', 'Failed'],
      Status: ['2', '1', '3'],
      RefNum: ['GmshtyjwKSs', '8d8f8a'],
      TraceNo: ['123456'],
      RRN: ['14226761817'],
      SecurePan: ['621986******0009'],
      Amount: ['575000000'],
      // Identity: codes the sandbox matches or mismatches at once (its timeout and
      // outage codes answer 503 by design and have their own tests), names, Jalali dates.
      national_code: [SANDBOX_IDENTITIES.matched, SANDBOX_IDENTITIES.mismatched, '۰۰۱۲۳۴۵۶۱۱'],
      first_name: ['علی', 'Sara'],
      last_name: ['رضایی', 'Karimi'],
      birth_date: ['1370/06/15', '۱۳۶۵/۱۲/۲۹'],
      per_order_toman: [100_000_000],
      per_day_toman: [200_000_000],
      per_month_toman: [500_000_000],
      documentId: await pluck('identity_documents'),
      // Two operations share the name: a reviewer's Persian reason, and an order event's reason
      // code from the action's own list (anything else is refused, as it should be).
      reason: ['تصویر کارت ملی خوانا نیست', 'staff_reject', 'staff_cancel'],
      // Cards: the sandbox bank's, someone else's, and one typed in Persian digits.
      card_number: [
        TEST_CARDS.success,
        TEST_CARDS.other,
        '6037990000000006',
        '۶۲۱۹ ۸۶۱۰ ۰۰۰۰ ۰۰۰۹',
      ],
    },
  }
}
