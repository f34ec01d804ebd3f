import type { AppConfig } from '../config/env.ts'
import type { JobEngineSettings } from './engine.ts'

/** The engine's settings from the service's configuration (config/env.ts, JOB_*). */
export function jobEngineSettings(config: AppConfig): JobEngineSettings {
  return {
    databaseUrl: config.DATABASE_URL,
    poolMax: config.JOB_POOL_MAX,
    leaseSeconds: config.JOB_LEASE_SECONDS,
    pollSeconds: config.JOB_POLL_SECONDS,
    maintenanceSeconds: config.JOB_MAINTENANCE_SECONDS,
    workers: config.JOB_WORKERS,
    retryLimit: config.JOB_RETRY_LIMIT,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    stopTimeoutMs: config.JOB_STOP_TIMEOUT_MS,
  }
}
