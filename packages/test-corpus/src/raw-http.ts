import http from 'node:http'

/** A request as the fuzz suites build it: bytes and headers exactly as they go on the wire. */
export interface RawRequest {
  method: string
  headers: Record<string, string>
  body?: Buffer | undefined
  /** The request target exactly as written (`/api/posts?sort=../x`), sent to the url's host. */
  path?: string | undefined
}

/** What came back: the status (0 never: a failed connection rejects), content type and body. */
export interface RawAnswer {
  status: number
  type: string
  text: string
}

/**
 * Sends a hostile request through node:http, which leaves its bytes alone (a fetch client would
 * tidy headers and bodies). One connection per request: after an early answer (413 on an
 * oversized body) a server closes its socket, and a reused keep-alive socket would turn that into
 * the next request's ECONNRESET.
 */
export function sendRaw(url: string, raw: RawRequest): Promise<RawAnswer> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        // A URL parser would resolve `..` and re-encode: a given path goes on the wire untouched.
        path: raw.path ?? `${target.pathname}${target.search}`,
        method: raw.method,
        headers: raw.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(raw.body)
  })
}
