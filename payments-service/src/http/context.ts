import type { Knex } from 'knex'
import type Koa from 'koa'
import type { Logger } from 'pino'
import type { AppConfig } from '../config/env.ts'
import type { Clock } from '../lib/clock.ts'
import type { User } from '../models/user.model.ts'
import type { AccessSession, TokenService } from '../modules/auth/tokens.ts'
import type { SmsOutbox } from '../modules/auth/sms/outbox.ts'
import type { PasswordHasher } from '../modules/auth/password.ts'
import type { FileStorage } from '../storage/storage.ts'
import type { JobEngine } from '../jobs/engine.ts'
import type { Metrics } from './metrics.ts'

/** Everything the app needs from outside; tests build the same object with their own values. */
export interface AppDeps {
  config: AppConfig
  db: Knex
  logger: Logger
  clock: Clock
  tokens: TokenService
  passwords: PasswordHasher
  sms: SmsOutbox
  /** Ticket attachments (local disk or S3-compatible, by configuration). */
  storage: FileStorage
  /** Prometheus registries: this instance's (`/metrics`) and the database's (`/metrics/cluster`). */
  metrics: Metrics
  /** Background jobs on PostgreSQL (jobs/engine.ts, ADR 032): `send` one, inside a transaction. */
  jobs: JobEngine
}

export interface AppState {
  requestId: string
  logger: Logger
  /**
   * Set by `requireUser`. Staff whose session did not pass the second factor get the account
   * with the customer role here: no staff power reaches a handler through a weaker session.
   */
  user?: User
  /** The access token's session, still open (set by `requireUser`). */
  session?: AccessSession
}

export type AppContext = Koa.ParameterizedContext<AppState>
export type AppMiddleware = Koa.Middleware<AppState>
