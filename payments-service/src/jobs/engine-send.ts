import { createHash } from 'node:crypto'
import type PgBoss from 'pg-boss'
import { dollarSqlOn } from '../db/dollar-sql.ts'
import type { EngineDeps } from './engine-deps.ts'
import { known } from './engine-queues.ts'
import type { SendOptions } from './engine-types.ts'

const queueExists = async (deps: EngineDeps, queue: string) =>
  (await deps.writer.getQueue(queue)) !== null

/**
 * `send`: writes a job (on `trx` when given, else on the service's pool); answers its id, or
 * null when `idempotencyKey` found one already.
 */
export async function send<T extends object>(
  deps: EngineDeps,
  queue: string,
  data: T,
  options: SendOptions = {},
): Promise<string | null> {
  known(deps, queue)
  const sendOptions: PgBoss.SendOptions = {}
  if (options.trx) sendOptions.db = dollarSqlOn(options.trx)
  if (options.idempotencyKey !== undefined) {
    sendOptions.id = uuidFromKey(queue, options.idempotencyKey)
  }
  if (options.startAfter !== undefined) sendOptions.startAfter = options.startAfter
  const id = await deps.writer.send(queue, data, sendOptions)
  // pg-boss writes nothing, silently, to a queue that does not exist: never lose a job so.
  if (id === null && (options.idempotencyKey === undefined || !(await queueExists(deps, queue)))) {
    throw new Error(`job queue ${queue} does not exist: createQueues() first`)
  }
  return id
}

/**
 * A job id derived from queue and key: pg-boss writes a job only if its id is new in its queue,
 * so the same key twice makes one job.
 */
export function uuidFromKey(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex')
  // Shaped as a version-8 (application-defined) UUID with the RFC 4122 variant bits.
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(18, 20)}`,
    hex.slice(20, 32),
  ].join('-')
}
