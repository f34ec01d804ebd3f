import type http from 'node:http'
import { serveLocally } from '../lib/local-server.ts'

/**
 * A local stand-in for Kavenegar, the SMS vendor production uses, as a real HTTP server speaking the
 * verify/lookup protocol our adapter (modules/auth/sms/kavenegar.ts) uses, so production code
 * runs unchanged against it with KAVENEGAR_BASE_URL pointing here. It records every message it
 * accepted, sends each `localid` once (a repeat gets the first answer, as the vendor promises
 * for its local message ids), and misbehaves on demand. State lives in memory.
 *
 * Besides the vendor's API it answers, for tests and developers in another process:
 * - `GET /sandbox/messages[?receptor=09…]`: the messages accepted, oldest first, and counters;
 * - `DELETE /sandbox/messages`: forgets messages, counters and pending faults;
 * - `POST /sandbox/faults` `{"fault": SmsFault, "times"?: n}`: the next n lookups misbehave.
 */

const BODY_LIMIT = 16 * 1024
const TOKEN_NAMES = ['token', 'token2', 'token3', 'token10', 'token20'] as const
/** Spaces a token may hold: none but in token10 (5) and token20 (8), as Kavenegar documents. */
const SPACES_ALLOWED: Record<(typeof TOKEN_NAMES)[number], number> = {
  token: 0,
  token2: 0,
  token3: 0,
  token10: 5,
  token20: 8,
}

export interface SandboxSmsMessage {
  messageid: number
  apiKey: string
  receptor: string
  template: string
  /** The lookup tokens sent (token, token2, …), by name. */
  tokens: Record<string, string>
  type: string
  localid: string | null
  receivedAt: string
}

/**
 * How the vendor misbehaves on the next lookups:
 * - down: answers a 5xx (503 unless given) without a Kavenegar body, sends nothing;
 * - vendor: answers a Kavenegar error (`return.status`, also the HTTP status), sends nothing;
 * - lost: sends the message, then answers 502, so the caller cannot know it went out;
 * - hang: never answers (the caller's timeout ends it), sends nothing;
 * - slow: sends and answers after `ms`.
 */
export type SmsFault =
  | { kind: 'down'; status?: number }
  | { kind: 'vendor'; status: number; message?: string }
  | { kind: 'lost' }
  | { kind: 'hang' }
  | { kind: 'slow'; ms: number }

export interface SandboxSms {
  readonly url: string
  /** Lookups received (answered or not), and repeats of a localid that were not sent again. */
  readonly stats: { requests: number; duplicates: number }
  messages(): SandboxSmsMessage[]
  /** The next `times` lookups misbehave (faults queue up in order). */
  failNext(fault: SmsFault, times?: number): void
  reset(): void
  close(): Promise<void>
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function parseFault(value: unknown): SmsFault | null {
  if (!value || typeof value !== 'object') return null
  const fault = value as Record<string, unknown>
  const status = (min: number, max: number) =>
    Number.isInteger(fault.status) &&
    (fault.status as number) >= min &&
    (fault.status as number) <= max
  switch (fault.kind) {
    case 'down':
      if (fault.status === undefined) return { kind: 'down' }
      return status(500, 599) ? { kind: 'down', status: fault.status as number } : null
    case 'vendor':
      if (!status(400, 599)) return null
      return {
        kind: 'vendor',
        status: fault.status as number,
        ...(typeof fault.message === 'string' && { message: fault.message.slice(0, 200) }),
      }
    case 'lost':
    case 'hang':
      return { kind: fault.kind }
    case 'slow':
      return Number.isInteger(fault.ms) &&
        (fault.ms as number) >= 0 &&
        (fault.ms as number) <= 60_000
        ? { kind: 'slow', ms: fault.ms as number }
        : null
    default:
      return null
  }
}

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > BODY_LIMIT) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const vendorAnswer = (status: number, message: string, entries: unknown[] | null) => ({
  return: { status, message },
  entries,
})

export function createSandboxSmsHandler(
  options: { onMessage?: (message: SandboxSmsMessage) => void } = {},
) {
  const messages: SandboxSmsMessage[] = []
  /** The first message of each (api key, localid). */
  const byLocalId = new Map<string, SandboxSmsMessage>()
  const faults: SmsFault[] = []
  const hanging = new Set<http.ServerResponse>()
  const stats = { requests: 0, duplicates: 0 }

  /** Kavenegar's checks of a lookup, in its error codes; the message it would send. */
  function lookupOf(apiKey: string, form: URLSearchParams): Omit<SandboxSmsMessage, 'messageid'> {
    const receptor = form.get('receptor') ?? ''
    const template = form.get('template') ?? ''
    const token = form.get('token') ?? ''
    if (!receptor || !template || !token) throw new Refusal(400, 'پارامترها ناقص هستند')
    if (!/^(?:\+98|0098|0)?9\d{9}$/.test(receptor)) throw new Refusal(411, 'گیرنده نامعتبر است')
    const tokens: Record<string, string> = {}
    for (const name of TOKEN_NAMES) {
      const value = form.get(name)
      if (value === null || value === '') continue
      const spaces = value.match(/\s/g)?.length ?? 0
      if (spaces > SPACES_ALLOWED[name] || value.length > 100) {
        throw new Refusal(431, 'ساختار کد صحیح نمی‌باشد')
      }
      tokens[name] = value
    }
    const type = form.get('type') ?? 'sms'
    if (type !== 'sms' && type !== 'call') throw new Refusal(400, 'پارامترها ناقص هستند')
    const localid = form.get('localid') || null
    if (localid !== null && localid.length > 64) throw new Refusal(400, 'پارامترها ناقص هستند')
    return {
      apiKey,
      receptor,
      template,
      tokens,
      type,
      localid,
      receivedAt: new Date().toISOString(),
    }
  }

  const entryOf = (message: SandboxSmsMessage) => ({
    messageid: message.messageid,
    message: Object.values(message.tokens).join(' '),
    status: 5,
    statustext: 'ارسال به مخابرات',
    sender: '10008663',
    receptor: message.receptor,
    date: Math.floor(Date.parse(message.receivedAt) / 1000),
    cost: 120,
  })

  /** Sends (records) a message, or finds the one its localid already sent. */
  function accept(lookup: Omit<SandboxSmsMessage, 'messageid'>): SandboxSmsMessage {
    const key = lookup.localid === null ? null : `${lookup.apiKey}\n${lookup.localid}`
    const earlier = key === null ? undefined : byLocalId.get(key)
    if (earlier) {
      stats.duplicates += 1
      return earlier
    }
    const message = { messageid: messages.length + 1, ...lookup }
    messages.push(message)
    if (key !== null) byLocalId.set(key, message)
    options.onMessage?.(message)
    return message
  }

  async function verifyLookup(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    apiKey: string,
    query: URLSearchParams,
  ) {
    stats.requests += 1
    const raw = await readBody(req)
    if (raw === null) return sendJson(res, 413, vendorAnswer(413, 'درخواست بزرگ است', null))
    // Kavenegar takes the parameters from the query string or the form body alike.
    const form = new URLSearchParams(query)
    for (const [name, value] of new URLSearchParams(raw)) form.set(name, value)
    const fault = faults.shift()
    if (fault?.kind === 'down') return sendJson(res, fault.status ?? 503, { error: 'unavailable' })
    if (fault?.kind === 'vendor') {
      return sendJson(res, fault.status, vendorAnswer(fault.status, fault.message ?? 'خطا', null))
    }
    if (fault?.kind === 'hang') {
      hanging.add(res)
      res.once('close', () => hanging.delete(res))
      return
    }
    let message: SandboxSmsMessage
    try {
      message = accept(lookupOf(apiKey, form))
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return sendJson(res, error.status, vendorAnswer(error.status, error.message, null))
    }
    if (fault?.kind === 'lost') return sendJson(res, 502, { error: 'bad gateway' })
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms))
    sendJson(res, 200, vendorAnswer(200, 'تایید شد', [entryOf(message)]))
  }

  function reset() {
    messages.length = 0
    byLocalId.clear()
    faults.length = 0
    stats.requests = 0
    stats.duplicates = 0
    for (const res of hanging) res.destroy()
    hanging.clear()
  }

  function failNext(fault: SmsFault, times = 1) {
    for (let i = 0; i < times; i++) faults.push(fault)
  }

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.local')
      const path = url.pathname.replace(/\/+$/, '')
      const method = req.method ?? 'GET'
      if (method === 'GET' && path === '/healthz') return sendJson(res, 200, { status: 'ok' })
      // The adapter keeps any base path of KAVENEGAR_BASE_URL, so the key is the segment
      // after the last `/v1/`.
      const lookup = /\/v1\/([^/]+)\/verify\/lookup\.json$/.exec(path)
      if (lookup && (method === 'POST' || method === 'GET')) {
        return await verifyLookup(req, res, decodeURIComponent(lookup[1] ?? ''), url.searchParams)
      }
      if (path === '/sandbox/messages' && method === 'GET') {
        const receptor = url.searchParams.get('receptor')
        return sendJson(res, 200, {
          messages: messages.filter((m) => receptor === null || m.receptor === receptor),
          ...stats,
        })
      }
      if (path === '/sandbox/messages' && method === 'DELETE') {
        reset()
        res.writeHead(204).end()
        return
      }
      if (path === '/sandbox/faults' && method === 'POST') {
        const raw = await readBody(req)
        let body: { fault?: unknown; times?: unknown } = {}
        try {
          body = JSON.parse(raw ?? '') as typeof body
        } catch {
          return sendJson(res, 400, { error: 'JSON body expected' })
        }
        const fault = parseFault(body.fault)
        const times = body.times ?? 1
        if (
          !fault ||
          !Number.isInteger(times) ||
          (times as number) < 1 ||
          (times as number) > 100
        ) {
          return sendJson(res, 400, { error: 'fault: {kind, …}, times: 1–100' })
        }
        failNext(fault, times as number)
        res.writeHead(204).end()
        return
      }
      sendJson(res, 404, vendorAnswer(404, 'متد یافت نشد', null))
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: (error as Error).message })
      else res.end()
    }
  }

  return { handler, stats, messages: () => [...messages], failNext, reset }
}

/** Starts the sandbox SMS vendor on host:port (port 0 picks a free one, as tests do). */
export async function startSandboxSms(options: {
  port: number
  host?: string
  onMessage?: (message: SandboxSmsMessage) => void
}): Promise<SandboxSms> {
  const { handler, ...sandbox } = createSandboxSmsHandler(options)
  const server = await serveLocally(handler, options)
  return {
    ...sandbox,
    url: server.url,
    close: async () => {
      sandbox.reset()
      await server.close()
    },
  }
}
