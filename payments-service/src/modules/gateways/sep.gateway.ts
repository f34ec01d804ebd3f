import { z } from 'zod'
import type {
  GatewayName,
  InquiryResult,
  PaymentGateway,
  ReverseResult,
  TokenRequest,
  TokenResult,
  VerifyResult,
} from './gateway.ts'
import { GatewayError } from './gateway.ts'
import { parseCallback } from './sep-callback.ts'
import { postJson, sepClient, withRetry, type SepClient } from './sep-http.ts'

/**
 * Saman Kish (SEP) token + POST form protocol (docs/product/domain.md). The sandbox bank speaks the
 * same wire format, so this one adapter serves both: only the base URL and terminal differ.
 *
 *   token   POST {base}/onlinepg/onlinepg                       {action:"token", TerminalId, Amount, ResNum, RedirectUrl, CellNumber, HashedCardNumber}
 *   browser POST {base}/OnlinePG/OnlinePG                       form Token (hidden), GetMethod
 *   verify  POST {base}/verifyTxnRandomSessionkey/ipg/VerifyTransaction   {RefNum, TerminalNumber}
 *   reverse POST {base}/verifyTxnRandomSessionkey/ipg/ReverseTransaction  {RefNum, TerminalNumber}
 *
 * Verify is retried only on network errors and timeouts, never on an answer.
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
 * SEP's transaction receipt (`…/api/v2/ipg/payment/receipt`, body `{Token, TerminalNumber}`): one
 * client library's code is the only source of the path (unconfirmed, docs/product/domain.md); the
 * shape below is the one SEP client code reads (`HasError`, `ErrorCode`, `ErrorMessage`, `Data`
 * with the callback's fields). Check it against SEP before relying on reconciliation in production.
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

async function verifyOrReverse(
  client: SepClient,
  options: SepOptions,
  path: string,
  refNum: string,
) {
  const raw = await postJson(client, path, {
    RefNum: refNum,
    TerminalNumber: Number(options.terminalId),
  })
  const parsed = VerifyResponse.safeParse(raw)
  if (!parsed.success) {
    throw new GatewayError(`SEP ${path}: unexpected answer`, 'unavailable', raw)
  }
  return { raw, answer: parsed.data }
}

async function requestToken(
  client: SepClient,
  options: SepOptions,
  request: TokenRequest,
): Promise<TokenResult> {
  const cell = sepCellNumber(request.cellNumber)
  const raw = await postJson(client, '/onlinepg/onlinepg', {
    action: 'token',
    TerminalId: options.terminalId,
    Amount: request.amountIrr,
    ResNum: request.resNum,
    RedirectUrl: request.redirectUrl,
    ...(cell && { CellNumber: cell }),
    ...(request.hashedCardNumber && { HashedCardNumber: request.hashedCardNumber }),
  })
  const parsed = TokenResponse.safeParse(raw)
  if (!parsed.success) throw new GatewayError('SEP token: unexpected answer', 'unavailable', raw)
  if (parsed.data.status !== 1 || !parsed.data.token) {
    throw new GatewayError(
      `SEP token refused: ${parsed.data.errorCode ?? '?'} ${parsed.data.errorDesc ?? ''}`.trim(),
      'refused',
      raw,
    )
  }
  return { token: parsed.data.token, gatewayUrl: `${client.base}/OnlinePG/OnlinePG`, raw }
}

async function verify(
  client: SepClient,
  options: SepOptions,
  { refNum }: { refNum: string },
): Promise<VerifyResult> {
  const { raw, answer } = await withRetry(client, () =>
    verifyOrReverse(client, options, '/verifyTxnRandomSessionkey/ipg/VerifyTransaction', refNum),
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
}

async function inquire(
  client: SepClient,
  options: SepOptions,
  { token }: { token: string },
): Promise<InquiryResult> {
  const raw = await withRetry(client, () =>
    postJson(client, '/verifyTxnRandomSessionkey/api/v2/ipg/payment/receipt', {
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
}

async function reverse(
  client: SepClient,
  options: SepOptions,
  { refNum }: { refNum: string },
): Promise<ReverseResult> {
  const { raw, answer } = await verifyOrReverse(
    client,
    options,
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
}

export function createSepGateway(options: SepOptions): PaymentGateway {
  const client = sepClient(options)
  return {
    name: options.name,
    requestToken: (request) => requestToken(client, options, request),
    parseCallback,
    verify: (input) => verify(client, options, input),
    inquire: (input) => inquire(client, options, input),
    reverse: (input) => reverse(client, options, input),
  }
}
