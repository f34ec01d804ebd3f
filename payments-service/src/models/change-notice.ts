import { CHANGE_CHANNEL, type ChangeEvent } from '@arzpol/contracts/changes'
import type { Knex } from 'knex'
import type pg from 'pg'

/** How a pod's listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'payments-service changes'

/**
 * The SQL of the change bus (ADR 033): PostgreSQL NOTIFY and LISTEN on one channel. Not a
 * table: the bus keeps nothing, it only tells listening pods that something changed.
 */
export const ChangeNotice = {
  /**
   * Announces `event`. Inside a transaction the notice is sent when it commits and never if it
   * rolls back, so a pod only hears of changes it can read.
   */
  async publish(db: Knex, event: ChangeEvent): Promise<void> {
    await db.raw('SELECT pg_notify(?, ?)', [CHANGE_CHANNEL, JSON.stringify(event)])
  },

  /**
   * A connection of its own (never one of the pool's: a pooled connection goes back and its
   * LISTEN with it), listening on the channel. The caller ends it with `close`.
   */
  async openListener(db: Knex): Promise<pg.Client> {
    const client = (await db.client.acquireRawConnection()) as pg.Client
    try {
      // Named apart from the pool's connections in pg_stat_activity.
      await client.query(`SET application_name = '${LISTENER_NAME}'`)
      await client.query(`LISTEN ${CHANGE_CHANNEL}`)
      return client
    } catch (error) {
      await ChangeNotice.close(db, client)
      throw error
    }
  },

  /** A round trip on the listening connection: it fails when the connection is dead. */
  async ping(client: pg.Client): Promise<void> {
    await client.query('SELECT 1')
  },

  /** Ends a listening connection; never fails, and never waits long on a dead one. */
  async close(db: Knex, client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      (db.client.destroyRawConnection(client) as Promise<void>).catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 1_000)
      }),
    ])
    clearTimeout(timer)
  },
}
