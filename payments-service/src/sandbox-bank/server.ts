import { createHash, randomBytes, randomInt } from 'node:crypto'
import type http from 'node:http'
import { z } from 'zod'
import { serveLocally } from '../lib/local-server.ts'
import { outcomeOf } from './cards.ts'
import { CARD_NOT_ALLOWED, errorPage, paymentPage, returnPage } from './page.ts'

/**
 * A local stand-in for Saman Kish's internet payment gateway (docs/product/domain.md), the one
 * external party of the payment flow, as a real HTTP server: the token call, the payment page
 * reached by the merchant's hidden form POST, the callback form back to the merchant, and the
 * server-to-server verify and reverse. State lives in memory; restarting it forgets everything.
 * Tests that run it as a process of their own read and steer it over HTTP: what it saw of a
 * payment (`GET /sandbox/payments/:refNum`), its call counters (`GET /sandbox/stats`) and its
 * faults (`PUT /sandbox/faults` with `{verify?, reverse?, receipt?}`).
 *
 * Windows as SEP documents them: a token lives 20 minutes, a payment must be verified within
 * 30 minutes (later verifies answer -6 and the payment counts as reversed), and can be
 * reversed within 50 minutes.
 */

const TOKEN_TTL_MS = 20 * 60_000
const VERIFY_WINDOW_MS = 30 * 60_000
const REVERSE_WINDOW_MS = 50 * 60_000
const BODY_LIMIT = 64 * 1024

interface TokenEntry {
  token: string
  terminalId: string
  amount: number
  resNum: string
  redirectUrl: string
  getMethod: boolean
  createdAt: number
  used: boolean
  /** The card restriction and phone the merchant sent (tests read them). */
  hashedCardNumber: string | null
  cellNumber: string | null
  /** What the payment page ended with, for the receipt call. */
  outcome?: { state: string; status: number; refNum?: string }
}

interface Payment {
  refNum: string
  token: string
  terminalId: string
  amount: number
  resNum: string
  rrn: string
  traceNo: string
  maskedPan: string
  hashedPan: string
  paidAt: number
  verified: boolean
  reversed: boolean
  /** Paid with the test card whose reversals the bank refuses. */
  refusesReversal: boolean
  /** Verify and reverse calls that named this payment (GET /sandbox/payments/:refNum). */
  verifyCalls: number
  reverseCalls: number
}

/**
 * How the bank misbehaves, per server-to-server call, for tests that make it lie:
 * - down: answers 503 and does nothing;
 * - lost: does the work (captures, reverses), then answers 503, so we cannot know;
 * - slow: answers correctly after `ms`;
 * - refuse (reverse only): answers that the reversal is not possible;
 * - terse: does the work and answers success, but leaves the amounts out of the answer's
 *   detail (a bank whose answer cannot be checked against what we asked it to take).
 */
const bankFault = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('down') }),
  z.object({ kind: z.literal('lost') }),
  z.object({ kind: z.literal('slow'), ms: z.number().int().min(0).max(600_000) }),
  z.object({ kind: z.literal('refuse') }),
  z.object({ kind: z.literal('terse') }),
])
export type BankFault = z.infer<typeof bankFault>
const bankFaults = z.strictObject({
  verify: bankFault.optional(),
  reverse: bankFault.optional(),
  receipt: bankFault.optional(),
})
export type BankFaults = z.infer<typeof bankFaults>

/**
 * Whether the payment page holds the token's `HashedCardNumber` (ADR 024):
 * - enforced: SEP for a merchant it has enabled (VSEP): any other card is refused on the page;
 * - ignored: a bank that records the restriction and lets any card pay (VSEP not enabled). A
 *   test-only stand-in for the risk that our own check of the verify answer's HashedPan covers.
 */
export type CardRestriction = 'enforced' | 'ignored'

export interface SandboxBankOptions {
  /** Terminals the bank knows (the merchant's TerminalId). */
  terminalIds: string[]
  now?: () => number
  /**
   * 'enforced' (the default) refuses, as SEP does for a merchant with VSEP, any card but the one
   * the token names. 'ignored' is a bank that lets any card pay: only the tests of what happens
   * after a foreign card paid (reversal, money to return) ask for it.
   */
  cardRestriction?: CardRestriction
}

export interface SandboxBank {
  readonly url: string
  readonly stats: {
    tokenCalls: number
    verifyCalls: number
    reverseCalls: number
    receiptCalls: number
    /** Calls a `slow` fault holds right now, answered once it lets them go. */
    heldCalls: number
  }
  /** Shifts the bank's clock (windows) in tests. */
  advance(ms: number): void
  /** Makes the next calls misbehave until set again (`{}` heals the bank). */
  setFaults(faults: BankFaults): void
  /** Switches the payment page's card restriction from now on (see CardRestriction). */
  setCardRestriction(mode: CardRestriction): void
  payments(): Payment[]
  /** What each token request carried beyond the payment itself, by ResNum. */
  tokenRequests(): Array<{
    resNum: string
    hashedCardNumber: string | null
    cellNumber: string | null
  }>
  close(): Promise<void>
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > BODY_LIMIT) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const digits = (count: number) =>
  Array.from({ length: count }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('')

/** Reads a JSON field under any of the spellings seen in SEP clients (Action/action…). */
function pick(body: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) {
    for (const key of Object.keys(body))
      if (key.toLowerCase() === name.toLowerCase()) return body[key]
  }
  return undefined
}

const optionalText = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : String(value)

export function createSandboxBankHandler(options: SandboxBankOptions) {
  let offset = 0
  const now = () => (options.now ? options.now() : Date.now()) + offset
  const tokens = new Map<string, TokenEntry>()
  const resNums = new Set<string>()
  const payments = new Map<string, Payment>()
  const stats = { tokenCalls: 0, verifyCalls: 0, reverseCalls: 0, receiptCalls: 0, heldCalls: 0 }
  const terminals = new Set(options.terminalIds)
  let faults: BankFaults = {}
  let cardRestriction: CardRestriction = options.cardRestriction ?? 'enforced'

  /** Runs one server-to-server call under its fault; undefined means "answer 503". */
  async function underFault<T>(
    fault: BankFault | undefined,
    work: () => T,
  ): Promise<T | undefined> {
    if (!fault) return work()
    if (fault.kind === 'down') return undefined
    if (fault.kind === 'slow') {
      stats.heldCalls += 1
      await new Promise((resolve) => setTimeout(resolve, fault.ms))
      stats.heldCalls -= 1
      return work()
    }
    const answer = work()
    if (fault.kind === 'terse') return withoutAmounts(answer)
    return fault.kind === 'lost' ? undefined : answer
  }

  function withoutAmounts<T>(answer: T): T {
    const detail = (answer as { TransactionDetail?: Record<string, unknown> | null })
      .TransactionDetail
    if (!detail) return answer
    const { OrginalAmount: _asked, AffectiveAmount: _taken, ...rest } = detail
    return { ...answer, TransactionDetail: rest }
  }

  function sendJson(res: http.ServerResponse, body: unknown, status = 200) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  function sendHtml(res: http.ServerResponse, html: string, status = 200) {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': 'no-store',
    })
    res.end(html)
  }

  function tokenCall(body: Record<string, unknown>) {
    stats.tokenCalls += 1
    const fail = (errorCode: string, errorDesc: string) => ({ status: -1, errorCode, errorDesc })
    if (String(pick(body, 'action') ?? '').toLowerCase() !== 'token') {
      return fail('5', 'پارامترهای ارسالی نامعتبر است (action)')
    }
    const terminalId = String(pick(body, 'TerminalId') ?? '')
    if (!terminals.has(terminalId)) return fail('12', 'پایانه یافت نشد')
    const amount = Number(pick(body, 'Amount'))
    if (!Number.isSafeInteger(amount) || amount < 1000) return fail('5', 'مبلغ نامعتبر است')
    const resNum = String(pick(body, 'ResNum') ?? '')
    if (!resNum || resNum.length > 50) return fail('5', 'شماره خرید نامعتبر است')
    if (resNums.has(resNum)) return fail('5', 'شماره خرید تکراری است')
    const redirectUrl = String(pick(body, 'RedirectUrl', 'RedirectURL') ?? '')
    if (!/^https?:\/\//.test(redirectUrl)) return fail('5', 'آدرس بازگشت نامعتبر است')
    const token = randomBytes(16).toString('hex')
    resNums.add(resNum)
    tokens.set(token, {
      token,
      terminalId,
      amount,
      resNum,
      redirectUrl,
      getMethod: false,
      createdAt: now(),
      used: false,
      // Enforced on the payment page unless the bank plays one that ignores it (CardRestriction).
      hashedCardNumber: optionalText(pick(body, 'HashedCardNumber')),
      cellNumber: optionalText(pick(body, 'CellNumber')),
    })
    return { status: 1, token }
  }

  function callbackFields(entry: TokenEntry, state: string, status: number, payment?: Payment) {
    return {
      MID: entry.terminalId,
      TerminalId: entry.terminalId,
      State: state,
      Status: String(status),
      RRN: payment?.rrn ?? '',
      RefNum: payment?.refNum ?? '',
      ResNum: entry.resNum,
      TraceNo: payment?.traceNo ?? '',
      Amount: String(entry.amount),
      Wage: '0',
      AffectiveAmount: payment ? String(entry.amount) : '',
      SecurePan: payment?.maskedPan ?? '',
      HashedCardNumber: payment?.hashedPan ?? '',
      Token: entry.token,
    }
  }

  function backToMerchant(
    res: http.ServerResponse,
    entry: TokenEntry,
    state: string,
    status: number,
    message: string,
    payment?: Payment,
  ) {
    entry.used = true
    entry.outcome = { state, status, ...(payment && { refNum: payment.refNum }) }
    sendHtml(
      res,
      returnPage({
        redirectUrl: entry.redirectUrl,
        method: entry.getMethod ? 'get' : 'post',
        fields: callbackFields(entry, state, status, payment),
        message,
      }),
    )
  }

  function pageOf(entry: TokenEntry, error?: string) {
    return paymentPage({
      token: entry.token,
      amountIrr: entry.amount,
      resNum: entry.resNum,
      terminalId: entry.terminalId,
      restricted: entry.hashedCardNumber !== null && cardRestriction === 'enforced',
      ...(error !== undefined && { error }),
    })
  }

  /** A card the token does not allow: the bank only knows the hash, as SEP does. */
  const refusedByRestriction = (entry: TokenEntry, pan: string) =>
    cardRestriction === 'enforced' &&
    entry.hashedCardNumber !== null &&
    createHash('sha256').update(pan).digest('hex') !== entry.hashedCardNumber.toLowerCase()

  function openPage(res: http.ServerResponse, token: string, getMethod: boolean) {
    const entry = tokens.get(token)
    if (!entry) return sendHtml(res, errorPage('توکن پرداخت نامعتبر است.'), 404)
    if (entry.used) return sendHtml(res, errorPage('این پرداخت قبلاً انجام شده است.'), 409)
    if (now() - entry.createdAt > TOKEN_TTL_MS) {
      return backToMerchant(res, entry, 'SessionIsNull', 4, 'زمان پرداخت به پایان رسید')
    }
    entry.getMethod = getMethod
    sendHtml(res, pageOf(entry))
  }

  function pay(res: http.ServerResponse, form: URLSearchParams) {
    const entry = tokens.get(form.get('Token') ?? '')
    if (!entry) return sendHtml(res, errorPage('توکن پرداخت نامعتبر است.'), 404)
    if (entry.used) return sendHtml(res, errorPage('این پرداخت قبلاً انجام شده است.'), 409)
    if (now() - entry.createdAt > TOKEN_TTL_MS) {
      return backToMerchant(res, entry, 'SessionIsNull', 4, 'زمان پرداخت به پایان رسید')
    }
    if (form.get('action') === 'cancel') {
      return backToMerchant(res, entry, 'CanceledByUser', 1, 'پرداخت لغو شد')
    }
    const pan = (form.get('pan') ?? '').replace(/\D/g, '')
    // The page stays open after a refusal: the customer can still pay with the allowed card,
    // or cancel (CanceledByUser, the merchant's usual failed payment).
    if (refusedByRestriction(entry, pan)) {
      return sendHtml(res, pageOf(entry, CARD_NOT_ALLOWED), 400)
    }
    const outcome = outcomeOf(pan)
    if (outcome.kind === 'unknown') {
      return sendHtml(
        res,
        pageOf(
          entry,
          'این کارت در بانک آزمایشی تعریف نشده است. یکی از کارت‌های آزمایشی را وارد کنید.',
        ),
        400,
      )
    }
    if (outcome.kind === 'failed') {
      return backToMerchant(res, entry, 'Failed', 3, `پرداخت ناموفق: ${outcome.reason}`)
    }
    const payment: Payment = {
      refNum: `GmshtyjwKSu${randomBytes(12).toString('hex')}`,
      token: entry.token,
      terminalId: entry.terminalId,
      amount: entry.amount,
      resNum: entry.resNum,
      rrn: digits(12),
      traceNo: digits(6),
      maskedPan: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
      hashedPan: createHash('sha256').update(pan).digest('hex'),
      paidAt: now(),
      verified: false,
      reversed: false,
      refusesReversal: outcome.refusesReversal === true,
      verifyCalls: 0,
      reverseCalls: 0,
    }
    payments.set(payment.refNum, payment)
    backToMerchant(res, entry, 'OK', 2, 'پرداخت با موفقیت انجام شد', payment)
  }

  function detail(payment: Payment) {
    return {
      RRN: payment.rrn,
      RefNum: payment.refNum,
      MaskedPan: payment.maskedPan,
      HashedPan: payment.hashedPan,
      TerminalNumber: Number(payment.terminalId),
      OrginalAmount: payment.amount,
      AffectiveAmount: payment.amount,
      StraceDate: new Date(payment.paidAt).toISOString().replace('T', ' ').slice(0, 19),
      StraceNo: payment.traceNo,
    }
  }

  /**
   * SEP's receipt call (unconfirmed, docs/product/domain.md): what happened to a token, for a
   * merchant whose callback never arrived. Unknown token: HasError with -2. A token still usable
   * and not used: State "" (nothing yet); one that ran out unused: SessionIsNull.
   */
  function receipt(body: Record<string, unknown>) {
    stats.receiptCalls += 1
    const terminal = String(pick(body, 'TerminalNumber') ?? '')
    if (!terminals.has(terminal)) {
      return { HasError: true, ErrorCode: -105, ErrorMessage: 'پایانه یافت نشد', Data: null }
    }
    const entry = tokens.get(String(pick(body, 'Token') ?? ''))
    if (!entry || entry.terminalId !== terminal) {
      return { HasError: true, ErrorCode: -2, ErrorMessage: 'تراکنش یافت نشد', Data: null }
    }
    const payment = entry.outcome?.refNum ? payments.get(entry.outcome.refNum) : undefined
    const expired = !entry.used && now() - entry.createdAt > TOKEN_TTL_MS
    const state = entry.outcome?.state ?? (expired ? 'SessionIsNull' : '')
    const status = entry.outcome?.status ?? (expired ? 4 : 0)
    const fields = callbackFields(entry, state, status, payment)
    return {
      HasError: false,
      ErrorCode: null,
      ErrorMessage: null,
      Data: { ...fields, Rrn: fields.RRN, Amount: entry.amount },
    }
  }

  function verifyOrReverse(body: Record<string, unknown>, kind: 'verify' | 'reverse') {
    if (kind === 'verify') stats.verifyCalls += 1
    else stats.reverseCalls += 1
    const answer = (success: boolean, code: number, description: string, payment?: Payment) => ({
      Success: success,
      ResultCode: code,
      ResultDescription: description,
      TransactionDetail: payment ? detail(payment) : null,
    })
    const terminal = String(pick(body, 'TerminalNumber') ?? '')
    if (!terminals.has(terminal)) return answer(false, -105, 'پایانه یافت نشد')
    const payment = payments.get(String(pick(body, 'RefNum') ?? ''))
    if (!payment || payment.terminalId !== terminal) return answer(false, -2, 'تراکنش یافت نشد')
    if (kind === 'verify') payment.verifyCalls += 1
    else payment.reverseCalls += 1
    const age = now() - payment.paidAt
    if (kind === 'verify') {
      if (payment.reversed) return answer(false, 5, 'تراکنش برگشت خورده است', payment)
      if (!payment.verified && age > VERIFY_WINDOW_MS) {
        payment.reversed = true
        return answer(false, -6, 'بیش از نیم ساعت از تراکنش گذشته است', payment)
      }
      if (payment.verified) return answer(true, 2, 'درخواست تکراری است', payment)
      payment.verified = true
      return answer(true, 0, 'عملیات با موفقیت انجام شد', payment)
    }
    if (payment.reversed) return answer(true, 2, 'درخواست تکراری است', payment)
    if (faults.reverse?.kind === 'refuse' || payment.refusesReversal) {
      return answer(false, -104, 'پایانه غیرفعال است', payment)
    }
    if (age > REVERSE_WINDOW_MS) return answer(false, -6, 'مهلت برگشت تراکنش گذشته است', payment)
    payment.reversed = true
    return answer(true, 0, 'عملیات با موفقیت انجام شد', payment)
  }

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.local')
      const path = url.pathname.toLowerCase().replace(/\/+$/, '')
      const method = req.method ?? 'GET'
      if (method === 'GET' && path === '/healthz') return sendJson(res, { status: 'ok' })
      // Not SEP's: what the bank saw of one payment, for tests that run it as a process of its
      // own (a callback storm must cause exactly one verify and no reverse).
      if (method === 'GET' && path.startsWith('/sandbox/payments/')) {
        const refNum = decodeURIComponent(url.pathname.replace(/\/+$/, '').split('/').pop() ?? '')
        const payment = payments.get(refNum)
        if (!payment) return sendJson(res, { error: 'not found' }, 404)
        const { resNum, amount, verified, reversed, verifyCalls, reverseCalls } = payment
        return sendJson(res, {
          refNum,
          resNum,
          amount,
          verified,
          reversed,
          verifyCalls,
          reverseCalls,
        })
      }
      // Not SEP's either: the calls counted so far, and faults set from another process.
      if (method === 'GET' && path === '/sandbox/stats') return sendJson(res, stats)
      if (method === 'PUT' && path === '/sandbox/faults') {
        let body: unknown
        try {
          body = JSON.parse(await readBody(req))
        } catch {
          body = null
        }
        const parsed = bankFaults.safeParse(body)
        if (!parsed.success)
          return sendJson(res, { error: 'faults: {verify?, reverse?, receipt?}' }, 400)
        faults = parsed.data
        res.writeHead(204).end()
        return
      }
      if (method === 'GET' && path === '') {
        return sendHtml(res, errorPage('بانک آزمایشی ارزپل: این نشانی صفحه‌ای ندارد.'), 200)
      }
      if (method === 'POST' && (path === '/onlinepg/onlinepg' || path === '/onlinepg/sendtoken')) {
        const raw = await readBody(req)
        const type = req.headers['content-type'] ?? ''
        if (type.includes('application/json')) {
          let body: unknown
          try {
            body = JSON.parse(raw)
          } catch {
            return sendJson(res, { status: -1, errorCode: '5', errorDesc: 'JSON نامعتبر' }, 400)
          }
          if (typeof body !== 'object' || body === null) {
            return sendJson(res, { status: -1, errorCode: '5', errorDesc: 'JSON نامعتبر' }, 400)
          }
          return sendJson(res, tokenCall(body as Record<string, unknown>))
        }
        // The browser's hidden form: Token (SEP) or token, and GetMethod.
        const form = new URLSearchParams(raw)
        const token = form.get('Token') ?? form.get('token') ?? ''
        return openPage(res, token, (form.get('GetMethod') ?? '').toLowerCase() === 'true')
      }
      if (method === 'GET' && path === '/onlinepg/sendtoken') {
        return openPage(res, url.searchParams.get('token') ?? '', false)
      }
      if (method === 'POST' && path === '/onlinepg/pay') {
        return pay(res, new URLSearchParams(await readBody(req)))
      }
      if (method === 'POST' && path.startsWith('/verifytxnrandomsessionkey/ipg/')) {
        let body: Record<string, unknown>
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>
        } catch {
          return sendJson(
            res,
            { Success: false, ResultCode: -1, ResultDescription: 'JSON نامعتبر' },
            400,
          )
        }
        const kind = path.endsWith('/verifytransaction')
          ? 'verify'
          : path.endsWith('/reversetransaction')
            ? 'reverse'
            : null
        if (kind) {
          const answer = await underFault(faults[kind], () => verifyOrReverse(body, kind))
          if (answer === undefined) return sendJson(res, { error: 'unavailable' }, 503)
          return sendJson(res, answer)
        }
      }
      if (method === 'POST' && path === '/verifytxnrandomsessionkey/api/v2/ipg/payment/receipt') {
        let body: Record<string, unknown>
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>
        } catch {
          return sendJson(res, { HasError: true, ErrorCode: -1, ErrorMessage: 'JSON نامعتبر' }, 400)
        }
        const answer = await underFault(faults.receipt, () => receipt(body))
        if (answer === undefined) return sendJson(res, { error: 'unavailable' }, 503)
        return sendJson(res, answer)
      }
      sendJson(res, { error: 'not found' }, 404)
    } catch (error) {
      if (!res.headersSent) sendJson(res, { error: (error as Error).message }, 400)
      else res.end()
    }
  }

  return {
    handler,
    stats,
    advance(ms: number) {
      offset += ms
    },
    setFaults(next: BankFaults) {
      faults = next
    },
    setCardRestriction(mode: CardRestriction) {
      cardRestriction = mode
    },
    payments: () => [...payments.values()],
    tokenRequests: () =>
      [...tokens.values()].map(({ resNum, hashedCardNumber, cellNumber }) => ({
        resNum,
        hashedCardNumber,
        cellNumber,
      })),
  }
}

/** Starts the sandbox bank on host:port (port 0 picks a free one, as tests do). */
export async function startSandboxBank(
  options: SandboxBankOptions & { port: number; host?: string },
): Promise<SandboxBank> {
  const { handler, ...bank } = createSandboxBankHandler(options)
  const server = await serveLocally(handler, options)
  return { ...bank, url: server.url, close: server.close }
}
