import { pino, type DestinationStream, type Logger } from 'pino'
import { currentRequestId } from './request-id.server.ts'

/**
 * web's one logger: JSON lines through pino, like payments-service's, each carrying the request
 * id of the request it was written for. The server (run by tsx) and the Remix build (bundled by
 * Vite) each load their own copy of this module; one instance on globalThis keeps them one logger.
 */

const LOGGER_KEY = Symbol.for('arzpol.web.logger')
const globals = globalThis as typeof globalThis & { [LOGGER_KEY]?: Logger }

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

function levelFromEnv(): string {
  // Read directly rather than through getEnv(): a log line must never fail on an unrelated
  // environment problem. Tests stay quiet unless TEST_LOG_LEVEL asks otherwise.
  const wanted = process.env.VITEST
    ? (process.env.TEST_LOG_LEVEL ?? 'silent')
    : process.env.LOG_LEVEL
  return wanted && LEVELS.has(wanted) ? wanted : 'info'
}

export function createLogger(
  level: string = levelFromEnv(),
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'web' },
    mixin() {
      const requestId = currentRequestId()
      return requestId ? { request_id: requestId } : {}
    },
    redact: {
      paths: ['*.authorization', '*.cookie', '*.password', '*.token', '*.access', '*.refresh'],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

/** The process's logger; server/main.ts installs one built from the parsed environment. */
export function getLogger(): Logger {
  return (globals[LOGGER_KEY] ??= createLogger())
}

export function installLogger(logger: Logger): void {
  globals[LOGGER_KEY] = logger
}
