import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { AppConfig } from './config/env.ts'
import { createKnex } from './db/knex.ts'
import type { AppDeps } from './http/context.ts'
import { createMetrics } from './http/metrics.ts'
import { metricSourcesOf } from './metric-sources.ts'
import { countingSmsProvider } from './modules/auth/sms/counting.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { createLogger } from './logger.ts'
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password.ts'
import { createOtpCodes } from './modules/auth/otp-code.ts'
import {
  createSmsOutbox,
  createSmsProvider,
  registerSmsWorkers,
  type SmsProvider,
} from './modules/auth/sms/index.ts'
import { createTokenService } from './modules/auth/tokens.ts'
import { createFileStorage, type FileStorage } from './storage/index.ts'
import { createJobEngine } from './jobs/engine.ts'
import { jobEngineSettings } from './jobs/settings.ts'

export interface DepsOverrides {
  db?: Knex
  logger?: Logger
  clock?: Clock
  smsProvider?: SmsProvider
  passwords?: PasswordHasher
  storage?: FileStorage
}

/** Production wiring from configuration; tests pass overrides for time, database and SMS. */
export async function createDeps(
  config: AppConfig,
  overrides: DepsOverrides = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config)
  const clock = overrides.clock ?? systemClock
  const db =
    overrides.db ??
    createKnex({ url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX, logger })
  // Process metrics (event loop, heap) only for a real instance, not for each test app.
  const metrics = createMetrics(metricSourcesOf(db), { processMetrics: config.APP_ENV !== 'test' })
  const provider = countingSmsProvider(
    overrides.smsProvider ?? createSmsProvider(config, logger),
    metrics,
  )
  // Background jobs (ADR 032): declared by composition, started by main.ts (tests: no polling).
  const jobs = createJobEngine(db, jobEngineSettings(config), logger, {
    onOutcome: (queue, outcome) => metrics.jobs.inc({ queue, outcome }),
  })
  // Every SMS is a job written with the event that causes it; its workers come with the engine.
  registerSmsWorkers(jobs, {
    db,
    clock,
    logger,
    provider,
    codes: createOtpCodes(config.JWT_PRIVATE_KEY),
    metrics,
  })
  return {
    config,
    db,
    logger,
    clock,
    tokens: await createTokenService({
      privateKey: config.JWT_PRIVATE_KEY,
      issuer: config.JWT_ISSUER,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
    }),
    passwords: overrides.passwords ?? createPasswordHasher(),
    sms: createSmsOutbox(jobs),
    storage: overrides.storage ?? createFileStorage(config),
    metrics,
    jobs,
  }
}
