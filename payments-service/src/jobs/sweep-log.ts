import type { Logger } from 'pino'

/** A sweep's log line lists at most this many ids: a large backlog must not make one huge line. */
export const LOGGED_IDS = 50

/**
 * Logs what a sweep run acted on: `message` with the count and the first ids, and nothing for a
 * run that found nothing to do (most of them).
 */
export function logSwept(logger: Logger, ids: readonly number[], message: string): void {
  if (ids.length > 0) logger.info({ count: ids.length, ids: ids.slice(0, LOGGED_IDS) }, message)
}
