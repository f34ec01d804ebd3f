import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { behaviourOf } from './identities.ts'

/**
 * A local stand-in for the identity-inquiry provider, as a real HTTP server speaking Jibit's
 * protocol (docs/product/domain.md): `POST /ide/v1/tokens/generate` hands out a bearer token,
 * `GET /ide/v1/services/matching` answers `{"matched": …}` by the test identities of
 * identities.ts (a mobile, a card with its birth date, or — sandbox only — an `iban`). Tokens
 * live in memory; a restart forgets them and the adapter fetches a new one on the 401.
 */

const BODY_LIMIT = 16 * 1024

export interface SandboxIdentity {
  url: string
  /** Matching questions received (not token requests), for tests of "not asked again". */
  readonly matchingCalls: number
  close(): Promise<void>
}

export async function startSandboxIdentity(options: {
  port: number
  host?: string
  /** How long a `timeout` identity's question hangs before the server gives up itself. */
  hangMs?: number
}): Promise<SandboxIdentity> {
  const tokens = new Set<string>()
  const hangs = new Set<NodeJS.Timeout>()
  let matchingCalls = 0

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
    let size = 0
    const chunks: Buffer[] = []
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > BODY_LIMIT) return null
      chunks.push(chunk as Buffer)
    }
    try {
      const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
    } catch {
      return null
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox')
      if (req.method === 'POST' && url.pathname === '/ide/v1/tokens/generate') {
        const body = await readJson(req)
        if (
          !body ||
          typeof body.apiKey !== 'string' ||
          !body.apiKey ||
          typeof body.secretKey !== 'string' ||
          !body.secretKey
        ) {
          return send(res, 400, { code: 'INVALID_CREDENTIALS' })
        }
        const token = randomBytes(16).toString('hex')
        tokens.add(token)
        return send(res, 200, { accessToken: token, refreshToken: randomBytes(16).toString('hex') })
      }
      if (req.method === 'GET' && url.pathname === '/ide/v1/services/matching') {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
        if (!bearer || !tokens.has(bearer)) return send(res, 401, { code: 'UNAUTHORIZED' })
        const params = url.searchParams
        if (
          !params.get('nationalCode') ||
          !(params.get('mobileNumber') || params.get('cardNumber') || params.get('iban'))
        ) {
          return send(res, 400, { code: 'INVALID_REQUEST' })
        }
        matchingCalls += 1
        const behaviour = behaviourOf(params)
        if (behaviour === 'unavailable') return send(res, 500, { code: 'SERVER_ERROR' })
        if (behaviour === 'timeout') {
          const timer = setTimeout(() => {
            hangs.delete(timer)
            send(res, 504, { code: 'UPSTREAM_TIMEOUT' })
          }, options.hangMs ?? 60_000)
          hangs.add(timer)
          return
        }
        return send(res, 200, { matched: behaviour === 'matched' })
      }
      send(res, 404, { code: 'NOT_FOUND' })
    })().catch(() => send(res, 500, { code: 'SERVER_ERROR' }))
  })
  server.listen(options.port, options.host ?? '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    get matchingCalls() {
      return matchingCalls
    },
    async close() {
      for (const timer of hangs) clearTimeout(timer)
      server.closeAllConnections()
      server.close()
      await once(server, 'close').catch(() => undefined)
    },
  }
}
