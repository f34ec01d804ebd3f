import { GatewayError } from './gateway.ts'

/** How the SEP adapter reaches the bank: built once from the gateway's options. */
export interface SepClient {
  /** The base URL without its trailing slashes. */
  base: string
  fetch: typeof fetch
  timeoutMs: number
  /** Pause between retries (tests set 0). */
  retryDelayMs: number
}

export function sepClient(options: {
  baseUrl: string
  timeoutMs: number
  fetch?: typeof fetch
  retryDelayMs?: number
}): SepClient {
  return {
    base: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs,
    retryDelayMs: options.retryDelayMs ?? 1000,
  }
}

export async function postJson(client: SepClient, path: string, body: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await client.fetch(`${client.base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(client.timeoutMs),
      // Saman asks for this policy on calls that carry a referrer (docs/product/domain.md).
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

/** Tries `run` again, up to `attempts` times in all, while it fails as `unavailable`. */
export async function withRetry<T>(
  client: SepClient,
  run: () => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof GatewayError) || error.kind !== 'unavailable' || attempt >= attempts)
        throw error
      if (client.retryDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, client.retryDelayMs))
    }
  }
}
