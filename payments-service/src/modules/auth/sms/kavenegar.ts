import type { SmsProvider } from './sms-provider.ts'

export interface KavenegarOptions {
  apiKey: string
  /** Template approved in the Kavenegar panel; its text holds `%token%` for the code. */
  template: string
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

/**
 * Kavenegar "verify lookup" (domain.md §2.a): POST form fields to
 * `/v1/{API-KEY}/verify/lookup.json`. The SMS text lives in the template, so the WebOTP line
 * must be written there too (its last line: `@arzpol.ir #%token%`).
 */
export function createKavenegarSmsProvider(options: KavenegarOptions): SmsProvider {
  const url = new URL(
    `v1/${encodeURIComponent(options.apiKey)}/verify/lookup.json`,
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  )
  return {
    name: 'kavenegar',
    async sendOtp({ phone, code }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          receptor: phone,
          template: options.template,
          token: code,
          type: 'sms',
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
    },
  }
}
