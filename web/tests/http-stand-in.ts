import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The plumbing every local HTTP stand-in (for payments-service or the cms) needs. */

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The body as JSON; null when empty, the raw text when it is not JSON (so a test can see it). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req)).toString('utf8')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A JSON answer, or an empty one when there is no body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/** Listens on a free loopback port; the stand-in's base URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

/** Answers the request being handled with a JSON body. */
export type SendJson = (status: number, body: unknown) => void

/**
 * payments-service as one staff screen's test needs it: `/api/auth/me/` answers as `username`
 * (the staff guard asks on every request), `handle` gets every other request with its JSON body,
 * and a request `handle` leaves unanswered gets a 404. A download (a CSV export) is written on
 * `res` itself.
 */
export async function startStaffStandIn(
  username: string,
  handle: (req: IncomingMessage, body: unknown, send: SendJson, res: ServerResponse) => unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const send: SendJson = (status, body) => sendJson(res, status, body)
    const body = await readJson(req)
    if (req.url === '/api/auth/me/') return send(200, { id: 1, username, email: null })
    await handle(req, body, send, res)
    if (!res.writableEnded) send(404, { detail: 'یافت نشد' })
  })
  return { url: await listenLocally(server), close: () => closeServer(server) }
}

/**
 * What a recording stand-in keeps between requests: the calls web made and the answers a test
 * put in place of the usual ones (`answer('METHOD /path', status, body)`), both cleared by
 * `reset`, which also runs `onReset` for the stand-in's own state.
 */
export function recordedCalls<Call>(onReset: () => void = () => {}) {
  const calls: Call[] = []
  const answers = new Map<string, { status: number; body: unknown }>()
  return {
    calls,
    /** The answer a test put in place for `METHOD /path`, if any. */
    answerFor: (route: string) => answers.get(route),
    answer(route: string, status: number, body: unknown) {
      answers.set(route, { status, body })
    },
    reset() {
      answers.clear()
      calls.length = 0
      onReset()
    },
  }
}
