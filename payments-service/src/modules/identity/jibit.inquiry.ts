import {
  InquiryError,
  type IdentityInquiry,
  type IdentityProviderName,
  type InquiryAnswer,
} from './inquiry.ts'

/**
 * Jibit's identity services (domain.md §3.b): a bearer token from
 * `POST /ide/v1/tokens/generate {apiKey, secretKey}`, then
 * `GET /ide/v1/services/matching?nationalCode=…&mobileNumber=…` → `{"matched": true|false}`; the
 * same endpoint takes `cardNumber` + `nationalCode` + `birthDate` for a card's owner. The token
 * is kept and fetched again once when the API answers 401. The sandbox (src/sandbox-identity/)
 * speaks the same protocol, as the sandbox bank speaks SEP's.
 *
 * What domain.md does not give is not guessed: the Sheba owner question is answered only where
 * `shebaMatching` is on (the sandbox), and Jibit's birthDate format is taken as Jalali
 * `YYYYMMDD` (to be confirmed with Jibit before cards go live).
 */

export interface JibitOptions {
  name: IdentityProviderName
  baseUrl: string
  apiKey: string
  secretKey: string
  timeoutMs: number
  /** The sandbox answers `iban` questions on the matching endpoint; Jibit's is unconfirmed. */
  shebaMatching?: boolean
  fetch?: typeof fetch
}

export function createJibitInquiry(options: JibitOptions): IdentityInquiry {
  const doFetch = options.fetch ?? fetch
  const base = options.baseUrl.replace(/\/+$/, '')
  let token: string | null = null

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new InquiryError(
        timedOut ? 'timeout' : 'unavailable',
        timedOut
          ? `${options.name}: no answer within ${options.timeoutMs} ms`
          : `${options.name}: ${String(error)}`,
        { cause: error },
      )
    }
  }

  async function json(response: Response): Promise<unknown> {
    try {
      return await response.json()
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new InquiryError(
        timedOut ? 'timeout' : 'unavailable',
        `${options.name}: unreadable answer`,
        {
          cause: error,
        },
      )
    }
  }

  async function freshToken(): Promise<string> {
    const response = await call('/ide/v1/tokens/generate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ apiKey: options.apiKey, secretKey: options.secretKey }),
    })
    const body = (await json(response)) as { accessToken?: unknown }
    if (!response.ok || typeof body.accessToken !== 'string' || !body.accessToken) {
      throw new InquiryError(
        'unavailable',
        `${options.name}: token refused (HTTP ${response.status})`,
      )
    }
    token = body.accessToken
    return token
  }

  async function matching(params: Record<string, string>): Promise<InquiryAnswer> {
    const query = new URLSearchParams(params).toString()
    const ask = async (bearer: string) =>
      call(`/ide/v1/services/matching?${query}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
      })
    let response = await ask(token ?? (await freshToken()))
    if (response.status === 401) response = await ask(await freshToken())
    const body = (await json(response)) as { matched?: unknown }
    if (!response.ok || typeof body.matched !== 'boolean') {
      throw new InquiryError(
        'unavailable',
        `${options.name}: matching failed (HTTP ${response.status})`,
      )
    }
    return body.matched ? 'matched' : 'mismatched'
  }

  const compactDate = (jalali: string) => jalali.replace(/\//g, '')

  return {
    name: options.name,
    mobileMatchesNationalCode: ({ mobile, nationalCode }) =>
      matching({ nationalCode, mobileNumber: mobile }),
    cardMatchesNationalCode: ({ cardNumber, nationalCode, birthDate }) =>
      matching({ cardNumber, nationalCode, birthDate: compactDate(birthDate) }),
    async shebaMatchesNationalCode({ sheba, nationalCode, birthDate }) {
      if (!options.shebaMatching) {
        throw new InquiryError(
          'unsupported',
          `${options.name}: Sheba owner matching is not configured`,
        )
      }
      return matching({ iban: sheba, nationalCode, birthDate: compactDate(birthDate) })
    },
  }
}
