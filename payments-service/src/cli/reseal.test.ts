import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage } from '../storage/local.ts'
import type { FileStorage } from '../storage/storage.ts'
import { testConfig } from '../test/app.ts'
import { reachLevel1 } from '../test/identity.ts'
import { submitLevel2 } from '../test/identity-documents.ts'
import { SAMPLE_FILES } from '../test/tickets.ts'
import { createOrder, TEST_CREDENTIALS_KEY, useOrdersApp } from '../test/orders.ts'
import { reseal, resealDepsFromConfig, summarise, type ResealReport } from './reseal.ts'

/**
 * Re-sealing after a key rotation (ADR 025), on the real database and the local store: rows are
 * made by the service sealing under `k-test`, then the key rotates to `k2` (k-test becomes
 * previous), the CLI's function runs, and a service that knows only `k2` must open everything.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'arzpol-reseal-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const NEW_KEY = randomBytes(32).toString('base64')
const SITE_PASSWORD = 'S3cret-pa55'
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP'

const rotated = testConfig({
  ATTACHMENTS_DIR: root,
  CREDENTIALS_ENCRYPTION_KEY: NEW_KEY,
  CREDENTIALS_KEY_ID: 'k2',
  CREDENTIALS_PREVIOUS_KEYS: `k-test:${TEST_CREDENTIALS_KEY}`,
})
/** The service once the old key is dropped. */
const newKeyOnly = testConfig({
  ATTACHMENTS_DIR: root,
  CREDENTIALS_ENCRYPTION_KEY: NEW_KEY,
  CREDENTIALS_KEY_ID: 'k2',
})

const objectsOnDisk = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()

describe('reseal (ADR 025)', () => {
  const t = useOrdersApp({ ATTACHMENTS_DIR: root })
  // The harness empties the tables before each test; the store goes with them.
  beforeEach(() => {
    rmSync(root, { recursive: true, force: true })
    mkdirSync(root)
  })

  /** Two orders with a site password, both photos of a level-2 request, a staff TOTP secret. */
  async function sealedUnderTheOldKey() {
    const customer = await t.customer()
    const orders = [await createOrder(t, customer.token), await createOrder(t, customer.token)]
    await reachLevel1(t, customer.token)
    await submitLevel2(t, customer)
    const staff = await t.customer('support')
    const sealed = t.services.orders.vault.seal(TOTP_SECRET, staff.id, 'totp_secret')
    await t.deps.db('staff_second_factors').insert({
      user_id: staff.id,
      secret_ciphertext: sealed.ciphertext,
      secret_key_id: sealed.keyId,
    })
    return { orders, staff }
  }

  const run = (options: { dryRun?: boolean; storage?: FileStorage; batchSize?: number } = {}) => {
    const lines: string[] = []
    const deps = resealDepsFromConfig(rotated, t.deps.db, options.storage)
    return reseal(
      { ...deps, print: (line) => lines.push(line), batchSize: options.batchSize ?? 1 },
      { dryRun: options.dryRun ?? false },
    ).then((report) => ({ report, lines, code: summarise(report, (line) => lines.push(line)) }))
  }

  /** Everything opens with the given configuration's keys alone. */
  async function opensWith(config: typeof rotated) {
    const { vault, files } = resealDepsFromConfig(config, t.deps.db)
    const payments = await t.deps
      .db('payments')
      .whereNotNull('site_password_enc')
      .select('user_id', 'site_password_enc', 'site_password_key_id')
    expect(payments).toHaveLength(2)
    for (const row of payments) {
      expect(vault.open(row.site_password_enc, row.site_password_key_id, row.user_id)).toBe(
        SITE_PASSWORD,
      )
    }
    const [factor] = await t.deps.db('staff_second_factors')
    expect(
      vault.open(factor.secret_ciphertext, factor.secret_key_id, factor.user_id, 'totp_secret'),
    ).toBe(TOTP_SECRET)
    const documents = await t.deps.db('identity_documents').select('storage_key', 'key_id')
    expect(documents).toHaveLength(2)
    for (const row of documents) {
      expect((await files.get(row.storage_key, row.key_id)).equals(SAMPLE_FILES.png)).toBe(true)
    }
  }

  const keyIds = async () => ({
    documents: await t.deps.db('identity_documents').orderBy('id').pluck('key_id'),
    payments: await t.deps.db('payments').orderBy('id').pluck('site_password_key_id'),
    factors: await t.deps.db('staff_second_factors').pluck('secret_key_id'),
  })

  it('after a rotation re-seals every file and secret, so the new key alone opens them; a second run does nothing', async () => {
    await sealedUnderTheOldKey()
    const before = objectsOnDisk()
    await expect(opensWith(newKeyOnly)).rejects.toThrow()

    const { report, lines, code } = await run()
    expect(code).toBe(0)
    expect(report).toMatchObject<Partial<ResealReport>>({
      found: {
        identity_documents: { 'k-test': 2 },
        order_credentials: { 'k-test': 2 },
        staff_second_factors: { 'k-test': 1 },
      },
      resealed: { identity_documents: 2, order_credentials: 2, staff_second_factors: 1 },
      unopenable: [],
      leftoverObjects: [],
    })
    expect(lines).toContain('reseal: identity documents 1 of 2')
    expect(lines).toContain('reseal: order credentials 2 of 2')
    expect(await keyIds()).toEqual({
      documents: ['k2', 'k2'],
      payments: ['k2', 'k2'],
      factors: ['k2'],
    })
    await opensWith(newKeyOnly)
    // New objects in place of the old, which are gone.
    const after = objectsOnDisk()
    expect(after).toHaveLength(2)
    expect(after.filter((key) => before.includes(key))).toEqual([])

    const again = await run()
    expect(again.code).toBe(0)
    expect(again.report.found).toEqual({
      identity_documents: {},
      order_credentials: {},
      staff_second_factors: {},
    })
    expect(objectsOnDisk()).toEqual(after)
  })

  it('a dry run counts and changes nothing', async () => {
    await sealedUnderTheOldKey()
    const [before, objects] = [await keyIds(), objectsOnDisk()]
    const ciphertexts = await t.deps.db('payments').orderBy('id').pluck('site_password_enc')
    const { report, lines, code } = await run({ dryRun: true })
    expect(code).toBe(0)
    expect(report.found.identity_documents).toEqual({ 'k-test': 2 })
    expect(report.resealed).toEqual({
      identity_documents: 0,
      order_credentials: 0,
      staff_second_factors: 0,
    })
    expect(lines).toContain('reseal: order credentials: 2 under k-test')
    expect(lines).toContain('reseal: dry run, nothing changed')
    expect(await keyIds()).toEqual(before)
    expect(await t.deps.db('payments').orderBy('id').pluck('site_password_enc')).toEqual(
      ciphertexts,
    )
    expect(objectsOnDisk()).toEqual(objects)
  })

  it('a store that will not delete the old object: every row still opens, the leftovers are named, exit 1', async () => {
    await sealedUnderTheOldKey()
    const old = await t.deps.db('identity_documents').orderBy('id').pluck('storage_key')
    const local = createLocalStorage(root)
    const stuck: FileStorage = {
      ...local,
      delete: () => Promise.reject(new Error('store unreachable')),
    }
    const { report, lines, code } = await run({ storage: stuck })
    expect(code).toBe(1)
    expect(report.leftoverObjects).toEqual(old)
    expect(lines.at(-1)).toContain(old.join(', '))
    await opensWith(newKeyOnly)
    for (const key of old) expect(existsSync(path.join(root, key))).toBe(true)
  })

  it('a crash after the new object is written but before its row moves leaves the row on the old file', async () => {
    await sealedUnderTheOldKey()
    const local = createLocalStorage(root)
    const crashing: FileStorage = {
      ...local,
      put: async (key, data, type) => {
        await local.put(key, data, type)
        throw new Error('crash after put')
      },
    }
    await expect(run({ storage: crashing })).rejects.toThrow('crash after put')
    expect((await keyIds()).documents).toEqual(['k-test', 'k-test'])
    await opensWith(rotated)
    // The next run finishes the job.
    expect((await run()).code).toBe(0)
    await opensWith(newKeyOnly)
  })

  it('names the rows no known key opens, never their content, and re-seals the rest', async () => {
    const { orders } = await sealedUnderTheOldKey()
    const [first, second] = orders
    if (!first || !second) throw new Error('two orders')
    const [doc] = await t.deps.db('identity_documents').orderBy('id').pluck('id')
    await t.deps.db('identity_documents').where({ id: doc }).update({ key_id: 'k0' })
    const tampered = (await t.deps.db('payments').where({ id: first.id }).first()).site_password_enc
    tampered[tampered.length - 1] ^= 1
    await t.deps.db('payments').where({ id: first.id }).update({ site_password_enc: tampered })

    const dry = await run({ dryRun: true })
    expect(dry.code).toBe(1)
    expect(dry.report.unopenable).toEqual([
      { kind: 'identity_documents', id: doc, why: 'no key with its id' },
    ])

    const { report, lines, code } = await run()
    expect(code).toBe(1)
    expect(report.unopenable).toEqual([
      { kind: 'identity_documents', id: doc, why: 'no key with its id' },
      { kind: 'order_credentials', id: first.id, why: 'its key does not open it' },
    ])
    expect(report.resealed).toEqual({
      identity_documents: 1,
      order_credentials: 1,
      staff_second_factors: 1,
    })
    expect(lines.join('\n')).toContain(
      `order credentials open with no known key, left as they are: #${first.id}`,
    )
    expect(lines.join('\n')).not.toContain(SITE_PASSWORD)
    expect(await keyIds()).toMatchObject({ documents: ['k0', 'k2'], payments: ['k-test', 'k2'] })
  })
})
