import { formatJalaliDate, rialsToToman, toLatinDigits } from '@arzpol/contracts'
import type { SmsKey, SmsProvider } from './sms-provider.ts'

export interface KavenegarOptions {
  apiKey: string
  /** Template approved in the Kavenegar panel; its text holds `%token%` for the code. */
  template: string
  /**
   * Template for "support answered your ticket" (`%token%` = ticket number). Without one no
   * ticket notice is sent (index.ts warns at start).
   */
  ticketReplyTemplate?: string | undefined
  /**
   * Template for "your order %token% %token2%" (token: order number, token2: the new state with
   * its spaces as zero-width non-joiners, since lookup tokens may not contain spaces). Without
   * one no order notice is sent.
   */
  orderStatusTemplate?: string | undefined
  /** Template for "register and reset locked for %token% hours"; none, no notice. */
  otpLockTemplate?: string | undefined
  /**
   * Template for "%token2% toman of order %token% comes back (%token10%) by %token3%":
   * token2 the amount in toman, token3 the Jalali date (yyyy/mm/dd, or «نامعلوم»), token10 the
   * reason in words (Kavenegar allows spaces in token10 only). None, no notice.
   */
  moneyBackTemplate?: string | undefined
  /** Template for "order %token%: give your own Sheba on its page"; none, no request. */
  refundAccountTemplate?: string | undefined
  /** Template for staff: "proposal %token% waits for approval"; none, no notice. */
  proposalWaitingTemplate?: string | undefined
  baseUrl: string
  timeoutMs?: number
}

export class KavenegarError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
    this.name = 'KavenegarError'
  }
}

interface KavenegarReply {
  return?: { status?: number; message?: string }
}

/** One verify/lookup call: the message's phone and key, a template and its tokens. */
function lookupSender(options: KavenegarOptions) {
  const url = new URL(
    `v1/${encodeURIComponent(options.apiKey)}/verify/lookup.json`,
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  )
  return async function lookup(
    message: SmsKey & { phone: string },
    template: string,
    token: string,
    token2?: string,
    more: { token3?: string; token10?: string } = {},
  ): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({
        receptor: message.phone,
        template,
        token,
        ...(token2 !== undefined && { token2 }),
        ...more,
        type: 'sms',
        // The vendor sends a localid once: a retry of a message it already took is not sent
        // again (a worker killed after handing it over, an answer lost on the way back).
        ...(message.localId !== undefined && { localid: message.localId }),
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    const reply = (await response.json().catch(() => ({}))) as KavenegarReply
    const status = reply.return?.status
    if (!response.ok || status !== 200) {
      throw new KavenegarError(
        `kavenegar verify/lookup failed: HTTP ${response.status}, return.status ${status ?? '?'}: ${reply.return?.message ?? ''}`,
        status ?? response.status,
      )
    }
  }
}

/**
 * Kavenegar "verify lookup" (docs/product/domain.md): POST form fields to
 * `/v1/{API-KEY}/verify/lookup.json`. The SMS text lives in the template, so the WebOTP line
 * must be written there too (its last line: `@arzpol.ir #%token%`).
 */
export function createKavenegarSmsProvider(options: KavenegarOptions): SmsProvider {
  const lookup = lookupSender(options)
  return {
    name: 'kavenegar',
    sendOtp: (message) => lookup(message, options.template, message.code),
    async sendTicketReply(message) {
      if (!options.ticketReplyTemplate) return
      await lookup(message, options.ticketReplyTemplate, String(message.ticketId))
    },
    async sendOrderStatus(message) {
      if (!options.orderStatusTemplate) return
      await lookup(
        message,
        options.orderStatusTemplate,
        String(message.orderId),
        message.statusLabel.replace(/\s+/g, '\u200c'),
      )
    },
    async sendOtpLocked(message) {
      if (!options.otpLockTemplate) return
      await lookup(message, options.otpLockTemplate, String(message.hours))
    },
    async sendMoneyBack(message) {
      const { orderId, amountIrr, reason, expectedBy } = message
      if (!options.moneyBackTemplate) return
      await lookup(
        message,
        options.moneyBackTemplate,
        String(orderId),
        String(rialsToToman(amountIrr)),
        {
          token3: expectedBy ? toLatinDigits(formatJalaliDate(expectedBy)) : 'نامعلوم',
          // token10 takes at most five spaces.
          token10: reason.split(/\s+/).slice(0, 6).join(' '),
        },
      )
    },
    async sendRefundAccount(message) {
      if (!options.refundAccountTemplate) return
      await lookup(message, options.refundAccountTemplate, String(message.orderId))
    },
    async sendProposalWaiting(message) {
      if (!options.proposalWaitingTemplate) return
      await lookup(message, options.proposalWaitingTemplate, String(message.proposalId))
    },
  }
}
