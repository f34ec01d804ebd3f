import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { ChangeEvent } from '@arzpol/contracts/changes'
import { formatServerSentEvent } from '@arzpol/contracts/event-stream'
import { closeServer, listenLocally, readJson } from './http-stand-in.ts'

/**
 * payments-service's internal side of the change bus (ADR 033) as a real local HTTP server:
 * `GET /internal/changes` speaks the stream as payments-service does (it opens with `resync`),
 * `POST /internal/changes/cms` takes a forwarded webhook. Tests push events with `send`.
 */

export const CHANGES_SECRET = 'change-feed-secret-0123456789'

export interface StandIn {
  url: string
  /** Requests received, in order. */
  requests: Array<{ method: string; path: string; authorization: string; body: unknown }>
  /** Streams opened so far. */
  readonly connections: number
  send(event: ChangeEvent): void
  /** Cuts every open stream, as a restarting pod would. */
  dropAll(): void
  close(): Promise<void>
}

/** payments-service's internal side; `silent`: streams that never say anything. */
export async function startPaymentsStandIn({ silent = false } = {}): Promise<StandIn> {
  const open = new Set<ServerResponse>()
  const requests: StandIn['requests'] = []
  let connections = 0
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = req.method === 'POST' ? await readJson(req) : null
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization ?? '',
      body,
    })
    if (req.headers.authorization !== `Bearer ${CHANGES_SECRET}`) {
      res.writeHead(401).end()
      return
    }
    if (req.method === 'POST' && req.url === '/internal/changes/cms') {
      res.writeHead(204).end()
      return
    }
    connections += 1
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    if (!silent) res.write(formatServerSentEvent('resync', JSON.stringify({ type: 'resync' })))
    open.add(res)
    res.on('close', () => open.delete(res))
  })
  const url = await listenLocally(server)
  return {
    url,
    requests,
    get connections() {
      return connections
    },
    send(event) {
      for (const res of open) res.write(formatServerSentEvent(event.type, JSON.stringify(event)))
    },
    dropAll() {
      for (const res of open) res.destroy()
    },
    close: async () => {
      for (const res of open) res.destroy()
      server.closeAllConnections()
      await closeServer(server)
    },
  }
}
