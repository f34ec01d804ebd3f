import type { ChangeEvent } from '@arzpol/contracts/changes'
import type { Knex } from 'knex'
import type pg from 'pg'
import type { Logger } from 'pino'

// What every part of the change bus is handed: its settings, and the state of one bus. Kept
// apart from bus.ts, which imports the parts, so that the parts can name these without an
// import cycle.

export type ChangeListener = (event: ChangeEvent) => void

export interface BusDeps {
  db: Knex
  logger: Logger
  pingMs: number
  minBackoffMs: number
  maxBackoffMs: number
  /** Each subscriber, with what it asked to be told when the bus stops. */
  subscribers: Map<ChangeListener, (() => void) | undefined>
  running: boolean
  client: pg.Client | undefined
  backoffMs: number
  retryTimer: NodeJS.Timeout | undefined
  pingTimer: NodeJS.Timeout | undefined
  /** `ready` calls waiting for the next connect. */
  waiting: Array<() => void>
  /**
   * Bumped by every (re)connect attempt and by `stop`: late callbacks of an older one do
   * nothing.
   */
  attempt: number
  everConnected: boolean
}
