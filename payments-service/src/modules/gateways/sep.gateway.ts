import { z } from 'zod'
import type {
  CallbackData,
  GatewayName,
  InquiryResult,
  PaymentGateway,
  ReverseResult,
  TokenRequest,
  TokenResult,
  VerifyResult,
} from './gateway.ts'
import { GatewayError } from './gateway.ts'
import { scrubText } from '@arzpol/contracts/text'

/**
 * Saman Kish (SEP) token + POST form protocol, domain.md §1.a. The sandbox bank speaks the same
 * wire format, so this one adapter serves both: only the base URL and terminal differ.
 *
 *   token   POST {base}/onlinepg/onlinepg                       {action:"token", TerminalId, Amount, ResNum, RedirectUrl, CellNumber, HashedCardNumber}
 *   browser POST {base}/OnlinePG/OnlinePG                       form Token (hidden), GetMethod
 *   verify  POST {base}/verifyTxnRandomSessionkey/ipg/VerifyTransaction   {RefNum, TerminalNumber}
 *   reverse POST {base}/verifyTxnRandomSessionkey/ipg/ReverseTransaction  {RefNum, TerminalNumber}
 *
 * Verify is retried only on network errors and timeouts, never on an answer (domain.md §1.a).
 */

export interface SepOptions {
  name: GatewayName
  baseUrl: string
  terminalId: string
  timeoutMs: number
  fetch?: typeof fetch
  /** Pause between verify retries (tests set 0). */
  retryDelayMs?: number
}

const TokenResponse = z.object({
  status: z.coerce.number(),
  token: z.string().optional(),
  errorCode: z.union([z.string(), z.number()]).optional(),
  errorDesc: z.string().optional(),
})

const VerifyResponse = z.object({
  Success: z.boolean(),
  ResultCode: z.coerce.number(),
  ResultDescription: z.string().nullish(),
  TransactionDetail: z
    .object({
      RRN: z.coerce.string().nullish(),
      RefNum: z.coerce.string().nullish(),
      MaskedPan: z.string().nullish(),
      HashedPan: z.string().nullish(),
      TerminalNumber: z.coerce.number().nullish(),
      // Spelled as the real API spells it.
      OrginalAmount: z.coerce.number().nullish(),
      AffectiveAmount: z.coerce.number().nullish(),
      StraceDate: z.string().nullish(),
      StraceNo: z.coerce.string().nullish(),
    })
    .nullish(),
})

/**
 * SEP's transaction receipt (`…/api/v2/ipg/payment/receipt`, body `{Token, TerminalNumber}`):
 * domain.md §1.a lists the path as unconfirmed [U]; the shape below is the one SEP client code
 * reads (`HasError`, `ErrorCode`, `ErrorMessage`, `Data` with the callback's fields). Check it
 * against SEP before relying on reconciliation in production.
 */
const ReceiptResponse = z.object({
  HasError: z.boolean(),
  ErrorCode: z.union([z.string(), z.number()]).nullish(),
  ErrorMessage: z.string().nullish(),
  Data: z
    .object({
      State: z.string().nullish(),
      Status: z.coerce.number().nullish(),
      RefNum: z.coerce.string().nullish(),
      ResNum: z.coerce.string().nullish(),
      Rrn: z.coerce.string().nullish(),
      TraceNo: z.coerce.string().nullish(),
      Amount: z.coerce.number().nullish(),
      AffectiveAmount: z.coerce.number().nullish(),
      SecurePan: z.string().nullish(),
      Token: z.string().nullish(),
    })
    .nullish(),
})

/** Receipt states after which nothing more will happen to the attempt. */
const FINAL_UNPAID_STATES = new Set([
  'CanceledByUser',
  'Failed',
  'SessionIsNull',
  'InvalidParameters',
  'MerchantIpAddressIsInvalid',
  'TokenNotFound',
  'TokenRequired',
  'TerminalNotFound',
])

/** SEP result codes that mean "paid and (now or already) verified". 2 = duplicate request. */
/** 0 done now, 2 done before (a repeated verify or reverse): both mean it is done. */
const VERIFIED_CODES = new Set([0, 2])

/** 9xxxxxxxxx, as SEP examples send it (AYV strips +98 and the leading 0). */
export function sepCellNumber(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined
  const digits = phone.replace(/\D/g, '')
  const match = /^(?:98|0)?(9\d{9})$/.exec(digits)
  return match?.[1]
}

/**
 * The longest value each callback field may have: the size of the column it is stored in
 * (gateway_transactions: res_num 50, token 128, ref_num 128, rrn 64, trace_no 64, masked_pan 32).
 * A longer value cannot be the bank's, so it is read as absent rather than cut: a cut reference
 * could name another attempt. The state is only informational (stored as `state_<State>` in the
 * 64-character `failure`), so it is cut instead.
 */
const FIELD_MAX = { ResNum: 50, Token: 128, RefNum: 128, RRN: 64, TraceNo: 64, SecurePan: 32 }
const STATE_MAX = 50
/** What of the callback is kept as `raw` (jsonb): this many fields of at most this length. */
const RAW_FIELDS_MAX = 64
const RAW_VALUE_MAX = 512

const field = (fields: Record<string, string>, name: string, max = Infinity): string | null => {
  const value = fields[name] ?? fields[name.toLowerCase()]
  if (value === undefined) return null
  const clean = scrubText(value)
  return clean === '' || clean.length > max ? null : clean
}

/** The callback as received, safe for a jsonb column: no control characters, bounded. */
function scrubFields(fields: Record<string, string>): Record<string, string> {
  const raw: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields).slice(0, RAW_FIELDS_MAX)) {
    raw[scrubText(name).slice(0, 64)] = scrubText(String(value)).slice(0, RAW_VALUE_MAX)
  }
  return raw
}

export function createSepGateway(options: SepOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const retryDelay = options.retryDelayMs ?? 1000

  async function postJson(path: string, body: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
        // Saman asks for this policy on calls that carry a referrer (domain.md §1.a).
        referrerPolicy: 'strict-origin-when-cross-origin',
      })
    } catch (error) {
      throw new GatewayError(`SEP ${path}: ${(error as Error).message}`, 'unavailable')
    }
    const text = await response.text()
    if (!response.ok) {
      throw new GatewayError(`SEP ${path}: HTTP ${response.status}`, 'unavailable', text)
    }
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new GatewayError(`SEP ${path}: answer is not JSON`, 'unavailable', text)
    }
  }

  async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run()
      } catch (error) {
        if (!(error instanceof GatewayError) || error.kind !== 'unavailable' || attempt >= attempts)
          throw error
        if (retryDelay > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay))
      }
    }
  }

  async function verifyOrReverse(path: string, refNum: string) {
    const raw = await postJson(path, {
      RefNum: refNum,
      TerminalNumber: Number(options.terminalId),
    })
    const parsed = VerifyResponse.safeParse(raw)
    if (!parsed.success) {
      throw new GatewayError(`SEP ${path}: unexpected answer`, 'unavailable', raw)
    }
    return { raw, answer: parsed.data }
  }

  function parseCallback(fields: Record<string, string>): CallbackData {
    // Every field is scrubbed and bounded here, before it can reach a column (issue 16).
    const state = (field(fields, 'State') ?? '').slice(0, STATE_MAX)
    const status = field(fields, 'Status')
    return {
      resNum: field(fields, 'ResNum', FIELD_MAX.ResNum),
      token: field(fields, 'Token', FIELD_MAX.Token),
      refNum: field(fields, 'RefNum', FIELD_MAX.RefNum),
      state,
      // Both spellings must agree when both are present: State "OK" is Status 2.
      ok: state === 'OK' && (status === null || status === '2'),
      rrn: field(fields, 'RRN', FIELD_MAX.RRN),
      traceNo: field(fields, 'TraceNo', FIELD_MAX.TraceNo),
      maskedPan: field(fields, 'SecurePan', FIELD_MAX.SecurePan),
      raw: scrubFields(fields),
    }
  }

  return {
    name: options.name,

    async requestToken(request: TokenRequest): Promise<TokenResult> {
      const cell = sepCellNumber(request.cellNumber)
      const raw = await postJson('/onlinepg/onlinepg', {
        action: 'token',
        TerminalId: options.terminalId,
        Amount: request.amountIrr,
        ResNum: request.resNum,
        RedirectUrl: request.redirectUrl,
        ...(cell && { CellNumber: cell }),
        ...(request.hashedCardNumber && { HashedCardNumber: request.hashedCardNumber }),
      })
      const parsed = TokenResponse.safeParse(raw)
      if (!parsed.success)
        throw new GatewayError('SEP token: unexpected answer', 'unavailable', raw)
      if (parsed.data.status !== 1 || !parsed.data.token) {
        throw new GatewayError(
          `SEP token refused: ${parsed.data.errorCode ?? '?'} ${parsed.data.errorDesc ?? ''}`.trim(),
          'refused',
          raw,
        )
      }
      return { token: parsed.data.token, gatewayUrl: `${base}/OnlinePG/OnlinePG`, raw }
    },

    parseCallback,

    async verify({ refNum }): Promise<VerifyResult> {
      const { raw, answer } = await withRetry(() =>
        verifyOrReverse('/verifyTxnRandomSessionkey/ipg/VerifyTransaction', refNum),
      )
      const detail = answer.TransactionDetail ?? null
      return {
        ok: answer.Success && VERIFIED_CODES.has(answer.ResultCode),
        resultCode: answer.ResultCode,
        amountIrr: detail?.OrginalAmount ?? null,
        refNum: detail?.RefNum ?? null,
        rrn: detail?.RRN ?? null,
        maskedPan: detail?.MaskedPan ?? null,
        hashedPan: detail?.HashedPan || null,
        description: answer.ResultDescription ?? null,
        raw,
      }
    },

    async inquire({ token }): Promise<InquiryResult> {
      const raw = await withRetry(() =>
        postJson('/verifyTxnRandomSessionkey/api/v2/ipg/payment/receipt', {
          Token: token,
          TerminalNumber: Number(options.terminalId),
        }),
      )
      const parsed = ReceiptResponse.safeParse(raw)
      if (!parsed.success) {
        throw new GatewayError('SEP receipt: unexpected answer', 'unavailable', raw)
      }
      const { HasError, ErrorCode, Data } = parsed.data
      // An unknown token: the bank never saw a payment page for it.
      if (HasError || !Data) {
        if (String(ErrorCode ?? '') === '-2') return { kind: 'unpaid', state: 'TokenNotFound', raw }
        throw new GatewayError(`SEP receipt refused: ${ErrorCode ?? '?'}`, 'refused', raw)
      }
      const state = Data.State ?? ''
      if (state === 'OK' && Data.RefNum) {
        const fields: Record<string, string> = {}
        for (const [name, value] of Object.entries(Data)) {
          if (value !== null && value !== undefined) fields[name] = String(value)
        }
        if (Data.Rrn) fields.RRN = Data.Rrn
        fields.Token ??= token
        return { kind: 'paid', callback: parseCallback(fields), raw }
      }
      if (FINAL_UNPAID_STATES.has(state)) return { kind: 'unpaid', state, raw }
      return { kind: 'pending', raw }
    },

    async reverse({ refNum }): Promise<ReverseResult> {
      const { raw, answer } = await verifyOrReverse(
        '/verifyTxnRandomSessionkey/ipg/ReverseTransaction',
        refNum,
      )
      // 2 ("duplicate request") answers a reverse whose first answer we never got: it is done.
      return {
        ok: answer.Success && VERIFIED_CODES.has(answer.ResultCode),
        resultCode: answer.ResultCode,
        description: answer.ResultDescription ?? null,
        raw,
      }
    },
  }
}
