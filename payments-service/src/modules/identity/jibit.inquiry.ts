import {
  InquiryError,
  type IdentityInquiry,
  type IdentityProviderName,
  type InquiryAnswer,
} from './inquiry.ts'

/**
 * Jibit's identity services (docs/product/domain.md): a bearer token from
 * `POST /ide/v1/tokens/generate {apiKey, secretKey}`, then
 * `GET /ide/v1/services/matching?nationalCode=…&mobileNumber=…` → `{"matched": true|false}`; the
 * same endpoint takes `cardNumber` + `nationalCode` + `birthDate` for a card's owner. The token
 * is kept and fetched again once when the API answers 401. The sandbox (src/sandbox-identity/)
 * speaks the same protocol, as the sandbox bank speaks SEP's.
 *
 * What we do not know of Jibit is not guessed: the Sheba owner question is answered only where
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

/** One provider's connection: its options and the bearer token, kept between questions. */
interface JibitSession {
  options: JibitOptions
  doFetch: typeof fetch
  base: string
  token: string | null
}

/** The request, cut off after `timeoutMs`: one that fails or times out is an InquiryError. */
async function call(session: JibitSession, path: string, init: RequestInit): Promise<Response> {
  const { options, doFetch } = session
  try {
    return await doFetch(`${session.base}${path}`, {
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

/** The answer's body: one that cannot be read (or arrives too late) is an InquiryError. */
async function json(session: JibitSession, response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new InquiryError(
      timedOut ? 'timeout' : 'unavailable',
      `${session.options.name}: unreadable answer`,
      {
        cause: error,
      },
    )
  }
}

/** Signs in with the API keys and keeps the bearer token for the questions that follow. */
async function freshToken(session: JibitSession): Promise<string> {
  const { options } = session
  const response = await call(session, '/ide/v1/tokens/generate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ apiKey: options.apiKey, secretKey: options.secretKey }),
  })
  const body = (await json(session, response)) as { accessToken?: unknown }
  if (!response.ok || typeof body.accessToken !== 'string' || !body.accessToken) {
    throw new InquiryError(
      'unavailable',
      `${options.name}: token refused (HTTP ${response.status})`,
    )
  }
  session.token = body.accessToken
  return session.token
}

/** One question to the matching endpoint, signing in again once if the token was refused. */
async function matching(
  session: JibitSession,
  params: Record<string, string>,
): Promise<InquiryAnswer> {
  const query = new URLSearchParams(params).toString()
  const ask = async (bearer: string) =>
    call(session, `/ide/v1/services/matching?${query}`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
    })
  let response = await ask(session.token ?? (await freshToken(session)))
  if (response.status === 401) response = await ask(await freshToken(session))
  const body = (await json(session, response)) as { matched?: unknown }
  if (!response.ok || typeof body.matched !== 'boolean') {
    throw new InquiryError(
      'unavailable',
      `${session.options.name}: matching failed (HTTP ${response.status})`,
    )
  }
  return body.matched ? 'matched' : 'mismatched'
}

const compactDate = (jalali: string) => jalali.replace(/\//g, '')

export function createJibitInquiry(options: JibitOptions): IdentityInquiry {
  const session: JibitSession = {
    options,
    doFetch: options.fetch ?? fetch,
    base: options.baseUrl.replace(/\/+$/, ''),
    token: null,
  }
  return {
    name: options.name,
    mobileMatchesNationalCode: ({ mobile, nationalCode }) =>
      matching(session, { nationalCode, mobileNumber: mobile }),
    cardMatchesNationalCode: ({ cardNumber, nationalCode, birthDate }) =>
      matching(session, { cardNumber, nationalCode, birthDate: compactDate(birthDate) }),
    async shebaMatchesNationalCode({ sheba, nationalCode, birthDate }) {
      if (!options.shebaMatching) {
        throw new InquiryError(
          'unsupported',
          `${options.name}: Sheba owner matching is not configured`,
        )
      }
      return matching(session, { iban: sheba, nationalCode, birthDate: compactDate(birthDate) })
    },
  }
}
