import { describe, expect, it } from 'vitest'
import type { User } from '../../models/user.model.ts'
import { StoredFileNotFound } from '../../storage/storage.ts'
import { approveLevel2, submitLevel2 } from '../../test/identity-documents.ts'
import { reachLevel1 } from '../../test/identity.ts'
import { useStaffApp } from '../../test/staff.ts'
import { purgeIdentityDocuments } from './purge.ts'

/**
 * The purge of identity documents after the retention period (ADR 025), on real
 * PostgreSQL and the local file storage: accounts closed long enough lose their documents
 * (objects, then rows), every other account keeps them, and the audit stays.
 */

/** The manual clock moves in seconds. */
const DAY = 86_400
const RETENTION_DAYS = 365

const t = useStaffApp({ IDENTITY_DOCUMENT_RETENTION_DAYS: String(RETENTION_DAYS) })

const purge = (storage: { delete(key: string): Promise<void> } = t.deps.storage, batchSize = 100) =>
  purgeIdentityDocuments({
    db: t.deps.db,
    clock: t.clock,
    storage,
    logger: t.deps.logger,
    retentionDays: t.deps.config.IDENTITY_DOCUMENT_RETENTION_DAYS,
    batchSize,
  })

const documentsOf = (userId: number) =>
  t.deps.db('identity_documents').where({ user_id: userId }).orderBy('id') as Promise<
    Array<{ id: number; storage_key: string }>
  >

async function stored(key: string): Promise<boolean> {
  try {
    ;(await t.deps.storage.get(key)).destroy()
    return true
  } catch (error) {
    if (error instanceof StoredFileNotFound) return false
    throw error
  }
}

/** A level-1 customer whose two photos two staff members opened (audited) and approved. */
async function customerWithDocuments(admin: { token: string }) {
  const customer = await t.customer()
  await reachLevel1(t, customer.token)
  await approveLevel2(t, admin.token, await submitLevel2(t, customer))
  return customer
}

async function closeAccount(admin: { user: User }, id: number) {
  // The admin signs in again: access tokens do not outlive the clock moves of these tests.
  const token = await t.deps.tokens.signAccess(admin.user)
  const closed = await t.api.post(`/api/staff/users/${id}/close/`, { reason: 'تیکت' }, { token })
  expect(closed.status, closed.text).toBe(200)
}

describe('identity documents after the account closes', () => {
  it('deletes objects and rows of accounts closed longer than the retention, keeps the rest and the audit', async () => {
    const admin = await t.customer('admin')
    const longClosed = await customerWithDocuments(admin)
    const recentlyClosed = await customerWithDocuments(admin)
    const open = await customerWithDocuments(admin)
    const keys = async (id: number) => (await documentsOf(id)).map((row) => row.storage_key)
    const longKeys = await keys(longClosed.id)
    expect(longKeys).toHaveLength(2)
    const longIds = (await documentsOf(longClosed.id)).map((row) => row.id)

    await closeAccount(admin, longClosed.id)
    t.clock.advance(30 * DAY)
    await closeAccount(admin, recentlyClosed.id)
    t.clock.advance((RETENTION_DAYS - 30) * DAY - 60)
    // A minute before the first account's period ends: nothing goes.
    expect(await purge()).toEqual([])
    t.clock.advance(2 * 60)

    const purged = await purge()
    expect(purged).toEqual(longIds)
    expect(await documentsOf(longClosed.id)).toEqual([])
    for (const key of longKeys) expect(await stored(key)).toBe(false)
    for (const customer of [recentlyClosed, open]) {
      const kept = await keys(customer.id)
      expect(kept).toHaveLength(2)
      for (const key of kept) expect(await stored(key)).toBe(true)
    }
    // Idempotent: a second run finds nothing.
    expect(await purge()).toEqual([])

    // The record of who submitted, opened and decided stays, without the document.
    const audit = await t.deps
      .db('identity_review_audit')
      .where({ user_id: longClosed.id })
      .orderBy('id')
      .select('action', 'document_id')
    const revealed = { action: 'document_revealed', document_id: null }
    expect(audit).toEqual([
      { action: 'submitted', document_id: null },
      ...[revealed, revealed, revealed, revealed],
      { action: 'approved', document_id: null },
    ])
    expect(
      await t.deps.db('identity_reviews').where({ user_id: longClosed.id }).select('status'),
    ).toEqual([{ status: 'approved' }])
    // The open account's audit still names its document.
    const openAudit = await t.deps
      .db('identity_review_audit')
      .where({ user_id: open.id, action: 'document_revealed' })
      .first('document_id')
    expect(openAudit?.document_id).not.toBeNull()
  })

  it('goes on past an object already gone (a crash between object and row) and one the store refuses', async () => {
    const admin = await t.customer('admin')
    const first = await customerWithDocuments(admin)
    const second = await customerWithDocuments(admin)
    await closeAccount(admin, first.id)
    await closeAccount(admin, second.id)
    t.clock.advance((RETENTION_DAYS + 1) * DAY)

    const [crashed, stubborn] = await documentsOf(first.id)
    if (!crashed || !stubborn) throw new Error('no documents')
    // A run that crashed after deleting this object left its row behind.
    await t.deps.storage.delete(crashed.storage_key)
    const failing = {
      async delete(key: string) {
        if (key === stubborn.storage_key) throw new Error('store unavailable')
        await t.deps.storage.delete(key)
      },
    }
    // Batches of one: the refused object neither stops the run nor repeats forever.
    const purged = await purge(failing, 1)
    expect(purged).toHaveLength(3)
    expect(await documentsOf(first.id)).toEqual([expect.objectContaining({ id: stubborn.id })])
    expect(await documentsOf(second.id)).toEqual([])
    expect(await stored(stubborn.storage_key)).toBe(true)

    expect(await purge()).toEqual([stubborn.id])
    expect(await documentsOf(first.id)).toEqual([])
    expect(await stored(stubborn.storage_key)).toBe(false)
  })
})
