import knex, { type Knex } from 'knex'
import pg from 'pg'
import type { Logger } from 'pino'

const INT8_OID = 20

/**
 * pg hands int8 (bigint) back as a string because it may exceed 2^53. Our bigints are ids and
 * integer rial amounts, far below that, and the API speaks JSON numbers, so they become numbers
 * here, once. A value that does not fit is a bug worth failing loudly on, never a silent
 * rounding of money.
 */
export function parseInt8(value: string): number {
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`bigint ${value} does not fit in a JavaScript number`)
  }
  return parsed
}

// Scoped to our connections instead of pg.types.setTypeParser, which would change every pg
// user in the process.
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8_OID && format !== 'binary') return parseInt8
    return pg.types.getTypeParser(oid, format as 'text' | 'binary' | undefined)
  },
}

export interface DatabaseOptions {
  url: string
  poolMax?: number
  /** Where knex's own warnings go; without one it writes to the console. */
  logger?: Logger
}

export function createKnex({ url, poolMax = 10, logger }: DatabaseOptions): Knex {
  return knex({
    client: 'pg',
    connection: {
      connectionString: url,
      application_name: 'payments-service',
      types,
      // A PostgreSQL that is restarting or unreachable must fail a request within seconds (503),
      // not hold it for the whole acquire timeout; keep-alive notices dead peers on idle sockets.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    ...(logger && {
      log: {
        warn: (message: unknown) => logger.warn({ knex: String(message) }, 'knex warning'),
        error: (message: unknown) => logger.error({ knex: String(message) }, 'knex error'),
        deprecate: (message: unknown) => logger.warn({ knex: String(message) }, 'knex deprecation'),
        debug: (message: unknown) => logger.debug({ knex: message }, 'knex debug'),
      },
    }),
  })
}
