import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ready, start, stop } from './bus-connection.ts'
import type { BusDeps, ChangeListener } from './bus-deps.ts'
import { subscribe } from './bus-fan-out.ts'

export type { ChangeListener } from './bus-deps.ts'

/** What a cache needs of the bus: to hear about changes. */
export interface ChangeSource {
  /** `listener` hears every event until the returned function is called. */
  subscribe(listener: ChangeListener, onStop?: () => void): () => void
}

/**
 * This pod's ear on the change bus (ADR 033): one PostgreSQL connection of its own, LISTENing
 * on the channel payments-service NOTIFYs (inside the transaction of each change, so only
 * committed changes are heard). NOTIFY reaches only connections listening at that moment, so a
 * notice sent while this connection was down is lost for good: every (re)connect is announced
 * to the subscribers as `resync`, "anything may have changed", and they drop their copies.
 *
 * The connection is checked every `pingMs` with a round trip (a peer that vanished without
 * closing the socket is noticed within a ping timeout) and reopened after a failure with
 * exponential backoff (`minBackoffMs` doubling up to `maxBackoffMs`, with jitter so that ten
 * pods do not knock on a restarted database in step).
 */
export interface ChangeBus extends ChangeSource {
  /** Starts listening (and keeps at it until `stop`). Safe to call again after `stop`. */
  start(): void
  /** Stops listening; subscribers that asked to hear it (`onStop`: the streams to web) end. */
  stop(): Promise<void>
  /** Resolves once the bus listens (the next time, when it is reconnecting). */
  ready(): Promise<void>
  /** Between `start` and `stop`, connected or reconnecting. */
  readonly running: boolean
  /** Listening right now. */
  readonly connected: boolean
}

export interface ChangeBusOptions {
  db: Knex
  logger: Logger
  pingMs?: number
  minBackoffMs?: number
  maxBackoffMs?: number
}

/**
 * One bus. Its parts, each handed the bus's settings and state (bus-deps.ts): the listening
 * connection and its reconnects (bus-connection.ts) and the subscribers' fan-out (bus-fan-out.ts).
 */
export function createChangeBus(options: ChangeBusOptions): ChangeBus {
  const minBackoffMs = options.minBackoffMs ?? 100
  const deps: BusDeps = {
    db: options.db,
    logger: options.logger,
    pingMs: options.pingMs ?? 10_000,
    minBackoffMs,
    maxBackoffMs: options.maxBackoffMs ?? 5_000,
    subscribers: new Map(),
    running: false,
    client: undefined,
    backoffMs: minBackoffMs,
    retryTimer: undefined,
    pingTimer: undefined,
    waiting: [],
    attempt: 0,
    everConnected: false,
  }

  return {
    start: () => start(deps),
    stop: () => stop(deps),
    ready: () => ready(deps),
    subscribe: (listener, onStop) => subscribe(deps, listener, onStop),
    get running() {
      return deps.running
    },
    get connected() {
      return deps.running && deps.client !== undefined
    },
  }
}
