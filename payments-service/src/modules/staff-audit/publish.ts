import type { Logger } from 'pino'
import type { AppDeps } from '../../http/context.ts'
import type { Clock } from '../../lib/clock.ts'
import { StaffAuditEntry } from '../../models/staff-audit-entry.model.ts'
import { StoredFileNotFound, type FileStorage } from '../../storage/index.ts'
import type { PublishedHead } from './chain.ts'

/**
 * The chain's head, published outside the database every STAFF_AUDIT_PUBLISH_SECONDS (at most an
 * hour): a log line (kept by the log
 * pipeline, out of reach of whoever can write to the database) and a small file in the object
 * store under a key named after the hour (`staff-audit-heads/2026/11/27/21`). One instance at
 * a time publishes (a job, ADR 032); within an hour the latest write stays, and any of them is a
 * head the chain must still contain. `audit:verify` checks the chain against the newest head it
 * finds.
 */

/** How far back the verifier looks for a published head (hourly keys). */
const LOOK_BACK_HOURS = 24 * 31

const pad = (value: number) => String(value).padStart(2, '0')
export const headKeyOf = (at: Date) =>
  `staff-audit-heads/${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${pad(at.getUTCHours())}`

export async function publishHead(deps: {
  db: AppDeps['db']
  storage: FileStorage
  clock: Clock
  logger: Logger
}): Promise<PublishedHead | undefined> {
  const head = await StaffAuditEntry.head(deps.db)
  if (!head) return undefined
  const now = deps.clock.now()
  deps.logger.info(
    { staff_audit_head_id: head.id, staff_audit_head_hash: head.hash },
    'staff audit head',
  )
  const body = Buffer.from(JSON.stringify({ ...head, published_at: now.toISOString() }))
  await deps.storage.put(headKeyOf(now), body, 'application/json')
  return head
}

/** The newest head published within the look-back period, or undefined. */
export async function newestPublishedHead(
  storage: FileStorage,
  now: Date,
): Promise<PublishedHead | undefined> {
  for (let hours = 0; hours <= LOOK_BACK_HOURS; hours += 1) {
    const key = headKeyOf(new Date(now.getTime() - hours * 3_600_000))
    let stream
    try {
      stream = await storage.get(key)
    } catch (error) {
      if (error instanceof StoredFileNotFound) continue
      throw error
    }
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PublishedHead
    return { id: Number(parsed.id), hash: String(parsed.hash) }
  }
  return undefined
}

/** The publishing's job queue (jobs/background.ts). */
export const STAFF_AUDIT_HEAD_QUEUE = 'staff-audit-head'

/** The head published every STAFF_AUDIT_PUBLISH_SECONDS by a job (ADR 032). */
export function scheduleStaffAuditPublishing(deps: AppDeps): void {
  deps.jobs.every(STAFF_AUDIT_HEAD_QUEUE, deps.config.STAFF_AUDIT_PUBLISH_SECONDS, async () => {
    await publishHead({
      db: deps.db,
      storage: deps.storage,
      clock: deps.clock,
      logger: deps.logger,
    })
  })
}
