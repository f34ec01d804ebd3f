import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { createOrder } from '../../test/orders.ts'
import { paidOrder, transitionTo, useStaffApp } from '../../test/staff.ts'
import { createLocalStorage } from '../../storage/local.ts'
import { main as verifyCli } from '../../cli/verify-audit.ts'
import type { StaffAuditRow } from '../../models/staff-audit-entry.model.ts'
import { appendStaffAudit, linkHash, verifyChain, GENESIS_HASH } from './chain.ts'
import { newestPublishedHead, publishHead } from './publish.ts'

/**
 * The staff audit chain, attacked as someone with write access to the database would: edit a
 * row, delete one, insert one, and rewrite the whole chain with fresh hashes. Each must be
 * named by the verifier; the last only against a head published outside the database.
 */

const t = useStaffApp()
const headsDir = mkdtempSync(path.join(tmpdir(), 'arzpol-audit-heads-'))
afterAll(() => rmSync(headsDir, { recursive: true, force: true }))

const links = async () =>
  (await t.deps.db('staff_audit_log').orderBy('id')) as unknown as StaffAuditRow[]

/** What someone who can switch the append-only trigger off can do. */
const tamper = (work: (trx: Knex.Transaction) => Promise<unknown>) =>
  t.deps.db.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica')
    await work(trx)
  })

/** Three staff actions of two kinds: an order rejected, one started, a type's fee changed. */
async function someStaffWork() {
  const customer = await t.customer()
  const staff = await t.customer('support')
  const admin = await t.customer('admin')
  const unpaid = await createOrder(t, customer.token)
  const paid = await paidOrder(t, customer.token)
  expect(
    (await transitionTo(t, staff.token, unpaid.id, { to: 'rejected', note: 'تکراری' })).status,
  ).toBe(200)
  expect((await transitionTo(t, staff.token, paid.id, { to: 'in_progress' })).status).toBe(200)
  const fee = await t.api.request('PATCH', '/api/staff/payment-types/topup/', {
    body: { fee_bps: 250, note: 'کارمزد جدید' },
    token: admin.token,
  })
  expect(fee.status, fee.text).toBe(200)
  return { staff, admin, unpaid, paid }
}

describe('the staff audit chain', () => {
  it('links every staff action, and refuses edits through the application’s own role', async () => {
    const { staff, admin, unpaid } = await someStaffWork()
    const chain = await links()
    expect(chain.map((link) => [link.action, link.actor_user_id])).toEqual([
      ['order_moved', staff.id],
      ['order_moved', staff.id],
      ['payment_type_changed', admin.id],
    ])
    expect(chain[0]).toMatchObject({
      prev_hash: GENESIS_HASH,
      subject_type: 'order',
      subject_id: String(unpaid.id),
      data: { from: 'awaiting_payment', to: 'rejected', reason: 'staff_reject' },
    })
    expect(chain[1]?.prev_hash).toBe(chain[0]?.hash)
    expect(await verifyChain(t.deps.db)).toMatchObject({ links: 3, broken: null })
    await expect(
      t.deps.db('staff_audit_log').where({ id: chain[0]!.id }).update({ actor: 'x' }),
    ).rejects.toThrow(/append-only/)
    await expect(t.deps.db('staff_audit_log').delete()).rejects.toThrow(/append-only/)
  })

  it('names the edited row, the row after a deleted one, and an inserted row', async () => {
    await someStaffWork()
    const [first, second, third] = await links()

    await tamper((trx) =>
      trx('staff_audit_log')
        .where({ id: second!.id })
        .update({ data: JSON.stringify({ ...second!.data, reason: 'customer_request' }) }),
    )
    expect((await verifyChain(t.deps.db)).broken).toEqual({
      id: second!.id,
      why: 'content: hash differs',
    })

    await tamper((trx) => trx('staff_audit_log').where({ id: second!.id }).delete())
    expect((await verifyChain(t.deps.db)).broken).toEqual({
      id: third!.id,
      why: 'link: previous hash differs',
    })

    // A forged link slipped in after the first, with a hash that matches its own content.
    const forged = {
      id: 2,
      created_at: first!.created_at,
      actor_user_id: first!.actor_user_id,
      actor: 'staff',
      action: 'order_moved',
      subject_type: 'order',
      subject_id: '999',
      data: {},
    } as const
    await tamper((trx) =>
      trx('staff_audit_log').insert({
        ...forged,
        data: '{}',
        prev_hash: first!.hash,
        hash: linkHash(first!.hash, { ...forged, data: {} }),
      }),
    )
    expect((await verifyChain(t.deps.db)).broken).toEqual({
      id: third!.id,
      why: 'link: previous hash differs',
    })
  })

  it('catches a whole chain rewritten with fresh hashes only against the published head', async () => {
    await someStaffWork()
    const storage = createLocalStorage(headsDir)
    const logger = pino({ level: 'silent' })
    const published = await publishHead({ db: t.deps.db, storage, clock: t.clock, logger })
    expect(await newestPublishedHead(storage, t.clock.now())).toEqual(published)

    // Rewrite: the first link's reason changed, and every hash after it recomputed.
    await tamper(async (trx) => {
      let prevHash = GENESIS_HASH
      for (const link of await links()) {
        const data = link.id === 1 ? { ...link.data, reason: 'customer_request' } : link.data
        const hash = linkHash(prevHash, { ...link, data })
        await trx('staff_audit_log')
          .where({ id: link.id })
          .update({ data: JSON.stringify(data), prev_hash: prevHash, hash })
        prevHash = hash
      }
    })
    expect((await verifyChain(t.deps.db)).broken).toBeNull()
    expect((await verifyChain(t.deps.db, published)).broken).toEqual({
      id: published!.id,
      why: 'published head: the chain was rewritten',
    })

    // The command line names it too, from the object store or from a head read off the log.
    const env = { DATABASE_URL: t.deps.config.DATABASE_URL, ATTACHMENTS_DIR: headsDir }
    const errors: string[] = []
    const error = console.error
    console.error = (line: string) => errors.push(line)
    try {
      await verifyCli([], env)
      expect(process.exitCode).toBe(1)
      process.exitCode = 0
      await verifyCli(['--head', `${published!.id}:${published!.hash}`], env)
      expect(process.exitCode).toBe(1)
    } finally {
      console.error = error
      process.exitCode = 0
    }
    expect(errors.join('\n')).toContain(`BROKEN at link ${published!.id}`)
  })

  it('stays one chain when many staff act at once', async () => {
    const staff = await t.customer('support')
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.db.transaction((trx) =>
          appendStaffAudit(trx, {
            actor: staff,
            action: 'order_event_recorded',
            subject: { type: 'order', id: i },
            data: { i, at: new Date(0), nested: { b: 1, a: [2, { d: 3, c: null }] } },
            at: t.clock.now(),
          }),
        ),
      ),
    )
    expect(await verifyChain(t.deps.db)).toMatchObject({ links: 20, broken: null })
  })
})
