import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import type { StaffAuditAction } from '@arzpol/contracts/staff-audit'
import { StaffAuditEntry, type StaffAuditRow } from '../../models/staff-audit-entry.model.ts'

/**
 * The staff audit log as a hash chain. Each link's hash covers the hash of the link before it
 * and its own content (id, time, who, what, on what, details), so editing, deleting or inserting
 * a row breaks the chain at that row. Rewriting the whole chain from some row on would produce a
 * chain that checks out, which is why its head is also published outside the database
 * (publish.ts) and the verifier compares against the last published head.
 *
 * Appends take one advisory lock for the whole chain in the caller's transaction: every process
 * appends one link at a time, and the link before is always the newest committed one. The lock is
 * held until the caller's transaction ends, which is acceptable for staff actions (a few a minute),
 * not for anything customers do.
 */

/** The `prev_hash` of the first link. */
export const GENESIS_HASH = '0'.repeat(64)

export interface StaffAuditInput {
  /**
   * The staff member who acted, `cli` for an operator's command (no account), or `cms` for a
   * moderator in the cms's admin (an account of the cms, named in `data`).
   */
  actor: { id: number } | 'cli' | 'cms'
  action: StaffAuditAction
  subject: { type: string; id: string | number }
  data?: Record<string, unknown>
  at: Date
}

type LinkContent = Omit<StaffAuditRow, 'prev_hash' | 'hash'>

/**
 * JSON with object keys sorted at every depth: PostgreSQL's jsonb keeps no key order, so the
 * hash is taken over a form that reads the same before the insert and after a read-back.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

export function linkHash(prevHash: string, link: LinkContent): string {
  const content = canonicalJson({
    id: link.id,
    created_at: link.created_at,
    actor_user_id: link.actor_user_id,
    actor: link.actor,
    action: link.action,
    subject_type: link.subject_type,
    subject_id: link.subject_id,
    data: link.data,
  })
  return createHash('sha256').update(`${prevHash}\n${content}`, 'utf8').digest('hex')
}

/** Appends one link inside the caller's transaction (so the action and its record commit together). */
export async function appendStaffAudit(
  trx: Knex.Transaction,
  input: StaffAuditInput,
): Promise<void> {
  await StaffAuditEntry.lockChain(trx)
  const head = await StaffAuditEntry.head(trx)
  const link: LinkContent = {
    id: await StaffAuditEntry.nextId(trx),
    created_at: input.at,
    actor_user_id: typeof input.actor === 'string' ? null : input.actor.id,
    actor: typeof input.actor === 'string' ? input.actor : 'staff',
    action: input.action,
    subject_type: input.subject.type,
    subject_id: String(input.subject.id),
    // What a read-back of the jsonb column gives (dates as strings, no undefined).
    data: JSON.parse(JSON.stringify(input.data ?? {})) as Record<string, unknown>,
  }
  const prevHash = head?.hash ?? GENESIS_HASH
  await StaffAuditEntry.append(trx, {
    ...link,
    prev_hash: prevHash,
    hash: linkHash(prevHash, link),
  })
}

export interface PublishedHead {
  id: number
  hash: string
}

export interface ChainReport {
  links: number
  head: PublishedHead | undefined
  /** The first link that does not check out, and why; null when the whole chain holds. */
  broken: { id: number; why: string } | null
}

const VERIFY_BATCH = 1_000

/**
 * Walks the whole chain in id order and names the first broken link: a link whose `prev_hash`
 * is not the hash of the link before it (a row deleted or inserted there), or whose hash does
 * not match its content (a row edited). With a published head, that link must still be there
 * with the same hash (a chain rewritten or cut back from some row on).
 */
export async function verifyChain(db: Knex, published?: PublishedHead): Promise<ChainReport> {
  let prevHash = GENESIS_HASH
  let last: PublishedHead | undefined
  let links = 0
  let afterId = 0
  for (;;) {
    const batch = await StaffAuditEntry.after(db, afterId, VERIFY_BATCH)
    for (const link of batch) {
      if (link.prev_hash !== prevHash) {
        return { links, head: last, broken: { id: link.id, why: 'link: previous hash differs' } }
      }
      if (linkHash(link.prev_hash, link) !== link.hash) {
        return { links, head: last, broken: { id: link.id, why: 'content: hash differs' } }
      }
      prevHash = link.hash
      last = { id: link.id, hash: link.hash }
      links += 1
    }
    if (batch.length < VERIFY_BATCH) break
    afterId = batch.at(-1)!.id
  }
  if (published) {
    const kept = await StaffAuditEntry.byId(db, published.id)
    if (!kept) {
      return {
        links,
        head: last,
        broken: { id: published.id, why: 'published head: the link is gone' },
      }
    }
    if (kept.hash !== published.hash) {
      return {
        links,
        head: last,
        broken: { id: published.id, why: 'published head: the chain was rewritten' },
      }
    }
  }
  return { links, head: last, broken: null }
}
