import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../lib/clock.ts'
import type { FileStorage } from '../../storage/index.ts'
import type { SmsOutbox } from '../auth/sms/outbox.ts'

/** What every ticket use case may need; composition.ts builds it once. */
export interface TicketDeps {
  db: Knex
  clock: Clock
  storage: FileStorage
  sms: SmsOutbox
  logger: Logger
}
