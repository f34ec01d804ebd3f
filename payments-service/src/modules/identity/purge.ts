import type { Logger } from 'pino'
import { sweepInBatches, type SweepDeps } from '../../db/batches.ts'
import type { AppDeps } from '../../http/context.ts'
import { logSwept } from '../../jobs/sweep-log.ts'
import { IdentityDocument } from '../../models/identity-document.model.ts'
import type { FileStorage } from '../../storage/index.ts'

/**
 * The end of an identity record (ADR 025): AML rules keep a customer's identity
 * documents IDENTITY_DOCUMENT_RETENTION_DAYS after the account closes, and no longer. For every
 * account closed longer ago than that, the sealed objects are deleted, then their rows; the
 * review requests and `identity_review_audit` stay (their `document_id` goes null, ON DELETE SET
 * NULL), so who decided and who looked remains on record.
 */

export const PURGE_BATCH_SIZE = 100
/** Retention is counted in days; an hourly look at a partial index is cheap. */
export const PURGE_INTERVAL_MS = 60 * 60_000

export interface IdentityPurgeDeps extends SweepDeps {
  storage: Pick<FileStorage, 'delete'>
  logger: Logger
  /** IDENTITY_DOCUMENT_RETENTION_DAYS. */
  retentionDays: number
}

interface DocumentRow {
  id: number
  storage_key: string
}

/**
 * Deletes the documents of accounts closed more than `retentionDays` ago; answers the ids of the
 * rows deleted. Batches as every sweep (`sweepInBatches`: FOR UPDATE SKIP LOCKED, several
 * instances may run it). Objects go first, then the rows of the objects that went, so no object
 * is ever left without a row to find it by: a crash in between leaves rows whose objects are
 * gone, and the next run deletes those objects again (a missing object is no error) and then the
 * rows. An object the store refuses to delete keeps its row for the next run; the cursor moves
 * past it, so one stubborn object neither stops the run nor makes it loop.
 */
export async function purgeIdentityDocuments(deps: IdentityPurgeDeps): Promise<number[]> {
  const { storage, logger, retentionDays } = deps
  let after = 0
  return sweepInBatches<DocumentRow>(deps, {
    batchSize: PURGE_BATCH_SIZE,
    due: (trx, now) =>
      IdentityDocument.pastRetention(
        trx,
        new Date(now.getTime() - retentionDays * 86_400_000),
        after,
      ),
    act: async (trx, rows) => {
      after = rows.at(-1)?.id ?? after
      const deleted = await Promise.allSettled(rows.map((row) => storage.delete(row.storage_key)))
      const ids = rows.flatMap((row, index) => {
        const outcome = deleted[index]
        if (outcome?.status === 'fulfilled') return [row.id]
        logger.error(
          { err: outcome?.reason, document_id: row.id, storage_key: row.storage_key },
          'could not delete an identity document past its retention; kept for the next run',
        )
        return []
      })
      if (ids.length > 0) await IdentityDocument.deleteIds(trx, ids)
      return ids
    },
  })
}

/** The purge's job queue (jobs/background.ts). */
export const IDENTITY_DOCUMENT_PURGE_QUEUE = 'identity-document-purge'

/** The purge as an hourly job, one run at a time across instances (ADR 032). */
export function scheduleIdentityDocumentPurge(deps: AppDeps): void {
  const { db, clock, logger, storage, config } = deps
  deps.jobs.every(IDENTITY_DOCUMENT_PURGE_QUEUE, PURGE_INTERVAL_MS / 1000, async () => {
    const ids = await purgeIdentityDocuments({
      db,
      clock,
      storage,
      logger,
      retentionDays: config.IDENTITY_DOCUMENT_RETENTION_DAYS,
    })
    logSwept(logger, ids, 'identity documents past their retention purged (objects, then rows)')
  })
}
