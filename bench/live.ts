/**
 * `npm run bench -- live`: live updates (ADR 043) on a production stack (bench/prod-stack.ts).
 *
 * - **Streams**: BENCH_LIVE_STREAMS (2000) browsers follow one ticket's thread through one web
 *   process, each its own connection with the customer's session. Printed: the web process's
 *   resident memory before and with them open (per stream and for the process), and, after the
 *   customer sends a message, how long it took to reach the first, half and every stream: each
 *   stream reads the thread again through payments-service, so this is the worst case of one
 *   thread watched 2000 times.
 * - **Conditional poll**: the thread's 7-second poll where no stream opens, as autocannon asks it
 *   of payments-service (10 connections, 5 s each): with the version it holds (`If-None-Match`,
 *   answered 304, no message read) against a full read of the 40 messages.
 *
 * Targets: every stream opened and got the message; the 304 answered faster than the full read.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { startProdStack } from './prod-stack.ts'
import { signedInCustomer } from './signed-in.ts'

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 2000)

/** Resident memory of a process, MB. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

interface Listener {
  opened: Promise<boolean>
  /** When the message with this content arrived (performance.now()). */
  arrival(content: string): Promise<number>
  close(): void
}

/** One browser's stream of the thread: its own connection, the customer's cookie. */
function listen(url: string, cookie: string): Listener {
  let text = ''
  const waiting: Array<{ content: string; resolve: (at: number) => void }> = []
  let request: http.ClientRequest
  const opened = new Promise<boolean>((resolve) => {
    request = http.get(
      url,
      { headers: { Cookie: cookie, Accept: 'text/event-stream' }, agent: false },
      (response) => {
        resolve(response.statusCode === 200)
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
          for (const wait of [...waiting]) {
            if (!text.includes(wait.content)) continue
            waiting.splice(waiting.indexOf(wait), 1)
            wait.resolve(performance.now())
          }
        })
      },
    )
    request.on('error', () => resolve(false))
  })
  return {
    opened,
    arrival: (content) =>
      text.includes(content)
        ? Promise.resolve(performance.now())
        : new Promise((resolve) => waiting.push({ content, resolve })),
    close: () => request.destroy(),
  }
}

async function rate(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; statuses: string }> {
  const result = await autocannon({ url, connections: 10, duration: 5, headers })
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')
  return { rps: Math.round(result.requests.average), statuses }
}

export async function runLiveBench(): Promise<boolean> {
  process.env.LIVE_STREAMS_MAX = String(STREAMS + 100)
  const { stack, stop } = await startProdStack('live')
  try {
    const customer = await signedInCustomer(stack.urls)
    const web = stack.services.web[0]!
    const thread = `/api/ticketing/tickets/${customer.ticketId}/messages/`
    const messages = (await (
      await fetch(`${stack.urls.payments}${thread}`, {
        headers: { Authorization: `Bearer ${customer.access}` },
      })
    ).json()) as Array<{ id: number }>
    const after = Math.max(...messages.map((message) => message.id))
    const streamUrl = `${web.url}/dashboard/tickets/${customer.ticketId}/live?after=${after}&status=open`

    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const idle = rssMb(web.pid)
    const listeners: Listener[] = []
    const openedAt = performance.now()
    for (let i = 0; i < STREAMS; i += 1) listeners.push(listen(streamUrl, customer.cookie))
    const opened = (await Promise.all(listeners.map((l) => l.opened))).filter(Boolean).length
    const openMs = performance.now() - openedAt
    // Each stream's first read (what came since the page) settles before memory is read.
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    const holding = rssMb(web.pid)

    const content = `پیام سنجش ${Date.now()}`
    const sentAt = performance.now()
    const sent = await fetch(`${stack.urls.payments}${thread}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.access}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content }),
    })
    if (sent.status !== 201) throw new Error(`the message answered ${sent.status}`)
    const arrivals = await Promise.race([
      Promise.all(listeners.map((l) => l.arrival(content))),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000)),
    ])
    for (const l of listeners) l.close()
    const delays = (arrivals ?? []).map((at) => at - sentAt).sort((a, b) => a - b)
    const at = (q: number) => `${Math.round(delays[Math.floor(q * (delays.length - 1))] ?? NaN)} ms`

    const version = (
      await fetch(`${stack.urls.payments}${thread}`, {
        headers: { Authorization: `Bearer ${customer.access}` },
      })
    ).headers.get('etag')
    const auth = { Authorization: `Bearer ${customer.access}` }
    const full = await rate(`${stack.urls.payments}${thread}`, auth)
    const unchanged = await rate(`${stack.urls.payments}${thread}`, {
      ...auth,
      'If-None-Match': version ?? '',
    })

    console.log('')
    console.log(`live streams: ${opened} of ${STREAMS} opened in ${Math.round(openMs)} ms`)
    console.log(
      `  web process memory: ${idle.toFixed(0)} MB idle, ${holding.toFixed(0)} MB holding them: ` +
        `${(((holding - idle) * 1024) / Math.max(opened, 1)).toFixed(1)} KB per stream`,
    )
    console.log(
      arrivals
        ? `  a message reached the first stream in ${at(0)}, half in ${at(0.5)}, every one in ${at(1)}`
        : '  the message did not reach every stream within 2 minutes',
    )
    console.log(
      `conditional poll (40 messages): full read ${full.rps} req/s (${full.statuses}), ` +
        `unchanged ${unchanged.rps} req/s (${unchanged.statuses})`,
    )
    console.log('')
    return opened === STREAMS && arrivals !== null && unchanged.rps > full.rps
  } finally {
    await stop()
  }
}
