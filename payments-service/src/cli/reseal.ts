import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Knex } from 'knex'
import pino from 'pino'
import { loadConfig, parsePreviousKeys, type AppConfig } from '../config/env.ts'
import { createKnex } from '../db/knex.ts'
import {
  countSealedUnderOtherKeys,
  idsSealedUnder,
  lockStaleSecretsAfter,
  moveDocumentObject,
  staleDocumentsAfter,
  writeSecret,
  type SealedSecretColumn,
} from '../models/sealed-columns.ts'
import { TOTP_VAULT_PURPOSE } from '../modules/auth/second-factor.ts'
import { identityDocumentFilesFromConfig } from '../modules/identity/documents.ts'
import { credentialVaultFromConfig, type CredentialVault } from '../lib/credential-vault.ts'
import { createFileStorage, StoredFileNotFound, type FileStorage } from '../storage/index.ts'
import type { SealedFiles } from '../storage/sealed.ts'
import { runIfScript, runOnDb } from './run-cli.ts'

/**
 * Re-seals, after a rotation of CREDENTIALS_ENCRYPTION_KEY, everything still sealed under an
 * older key (ADR 025): identity documents, order credentials (site passwords) and staff TOTP
 * secrets, so that the previous key can then be dropped from CREDENTIALS_PREVIOUS_KEYS. Run it
 * with the service's own environment once every instance runs with the new key as current and
 * the old one as previous:
 *
 *   npm run reseal -w @arzpol/payments-service [-- --dry-run] [--batch 100]
 *
 * A row is opened with the key its id names and sealed with the current one. A file is written
 * under a new object key first, then its row points at it, then the old object is deleted: a
 * crash anywhere leaves every row pointing at an object its key opens (at worst an object nobody
 * points at). Rows already under the current key are not touched, so a second run does nothing.
 * Exits 1 when a row opens with no known key (named by table and id, never by content) or an old
 * object could not be deleted; 2 when the configuration cannot re-seal at all.
 */

export type ResealKind = 'identity_documents' | 'order_credentials' | 'staff_second_factors'

export interface ResealDeps {
  db: Knex
  vault: CredentialVault
  files: SealedFiles
  /** Every key id the ring holds: the current one and CREDENTIALS_PREVIOUS_KEYS. */
  knownKeyIds: ReadonlySet<string>
  print(line: string): void
  batchSize?: number
}

export interface ResealReport {
  dryRun: boolean
  /** Per kind: rows under another key than the current one when the run began, by key id. */
  found: Record<ResealKind, Record<string, number>>
  resealed: Record<ResealKind, number>
  /** Rows left as they were: no known key opens them. */
  unopenable: Array<{ kind: ResealKind; id: number; why: string }>
  /** Objects under an old key whose row already moved on, which the store would not delete. */
  leftoverObjects: string[]
}

/** Secrets sealed by the credential vault in a column beside the id of their key. */
interface VaultColumn extends SealedSecretColumn {
  kind: Exclude<ResealKind, 'identity_documents'>
  /** The vault's purpose, part of the authenticated data (lib/credential-vault.ts). */
  purpose?: string
}

const VAULT_COLUMNS: readonly VaultColumn[] = [
  {
    kind: 'order_credentials',
    table: 'payments',
    id: 'id',
    ciphertext: 'site_password_enc',
    keyId: 'site_password_key_id',
  },
  {
    kind: 'staff_second_factors',
    table: 'staff_second_factors',
    id: 'user_id',
    ciphertext: 'secret_ciphertext',
    keyId: 'secret_key_id',
    purpose: TOTP_VAULT_PURPOSE,
  },
]

const LABELS: Record<ResealKind, string> = {
  identity_documents: 'identity documents',
  order_credentials: 'order credentials',
  staff_second_factors: 'staff second factors',
}

const DOCUMENTS = { table: 'identity_documents', id: 'id', keyId: 'key_id' } as const

/** One run's fixed facts and the report it fills in. */
interface ResealRun {
  current: string
  batchSize: number
  report: ResealReport
}

type StaleDocument = Awaited<ReturnType<typeof staleDocumentsAfter>>[number]

export async function reseal(
  deps: ResealDeps,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<ResealReport> {
  const { vault, files } = deps
  const batchSize = deps.batchSize ?? 100
  const current = vault.currentKeyId
  if (files.currentKeyId !== current) {
    throw new Error(
      `reseal: documents seal under ${files.currentKeyId}, credentials under ${current}`,
    )
  }
  const report: ResealReport = {
    dryRun,
    found: { identity_documents: {}, order_credentials: {}, staff_second_factors: {} },
    resealed: { identity_documents: 0, order_credentials: 0, staff_second_factors: 0 },
    unopenable: [],
    leftoverObjects: [],
  }
  const run: ResealRun = { current, batchSize, report }

  await countStale(deps, run)
  if (dryRun) return report

  await resealDocuments(deps, run)
  for (const column of VAULT_COLUMNS) await resealSecrets(deps, run, column)
  return report
}

/**
 * What each kind has under other keys than the current one, into the report and printed; a dry
 * run also lists the rows no configured key can open.
 */
async function countStale(deps: ResealDeps, { current, report }: ResealRun): Promise<void> {
  const { db, knownKeyIds, print } = deps
  const tables = [{ kind: 'identity_documents' as const, ...DOCUMENTS }, ...VAULT_COLUMNS]
  for (const column of tables) {
    const { kind } = column
    const counts = await countSealedUnderOtherKeys(db, column, current)
    report.found[kind] = Object.fromEntries(counts.map((row) => [row.key, Number(row.n)]))
    const unknown = counts.map((row) => row.key).filter((key) => !knownKeyIds.has(key))
    const summary = counts.map((row) => `${row.n} under ${row.key}`).join(', ') || 'none'
    print(
      `reseal: ${LABELS[kind]}: ${summary}${unknown.length ? ` (no key configured for ${unknown.join(', ')})` : ''}`,
    )
    if (report.dryRun && unknown.length > 0) {
      for (const rowId of await idsSealedUnder(db, column, unknown))
        report.unopenable.push({ kind, id: rowId, why: 'no key with its id' })
    }
  }
}

/** Why a row stays as it is, in the report's words. */
const why = (knownKeyIds: ReadonlySet<string>, keyId: string, error: unknown) =>
  !knownKeyIds.has(keyId)
    ? 'no key with its id'
    : error instanceof StoredFileNotFound
      ? 'its file is missing'
      : 'its key does not open it'

/** One progress line: the rows of a kind handled so far, of those found at the start. */
function progress(
  print: ResealDeps['print'],
  report: ResealReport,
  kind: ResealKind,
  done: number,
): void {
  const total = Object.values(report.found[kind]).reduce((sum, n) => sum + n, 0)
  print(`reseal: ${LABELS[kind]} ${Math.min(done, total)} of ${total}`)
}

async function resealDocuments(deps: ResealDeps, run: ResealRun): Promise<void> {
  const { db, print } = deps
  const { current, batchSize, report } = run
  // Files: each is read, written anew and pointed at before the old object goes, one at a time
  // (no row lock is held during storage I/O; the row's update checks it did not change meanwhile).
  let done = 0
  for (let after = 0; ;) {
    const rows = await staleDocumentsAfter(db, current, after, batchSize)
    if (rows.length === 0) break
    for (const row of rows) await resealDocument(deps, report, row)
    after = rows.at(-1)?.id ?? after
    done += rows.length
    progress(print, report, 'identity_documents', done)
  }
}

async function resealDocument(
  { db, files, knownKeyIds }: ResealDeps,
  report: ResealReport,
  row: StaleDocument,
): Promise<void> {
  let data: Buffer
  try {
    data = await files.get(row.storage_key, row.key_id)
  } catch (error) {
    report.unopenable.push({
      kind: 'identity_documents',
      id: row.id,
      why: why(knownKeyIds, row.key_id, error),
    })
    return
  }
  const fresh = `${path.posix.dirname(row.storage_key)}/${randomUUID()}`
  const { keyId } = await files.put(fresh, data)
  const moved = await db.transaction((trx) =>
    moveDocumentObject(trx, row, { storageKey: fresh, keyId }),
  )
  if (moved === 0) {
    // The row changed (or went) meanwhile: the copy is nobody's.
    await files.delete(fresh)
    return
  }
  report.resealed.identity_documents += 1
  try {
    await files.delete(row.storage_key)
  } catch {
    report.leftoverObjects.push(row.storage_key)
  }
}

async function resealSecrets(
  deps: ResealDeps,
  { current, batchSize, report }: ResealRun,
  column: VaultColumn,
): Promise<void> {
  const { db, vault, knownKeyIds, print } = deps
  // Secrets in the database: a batch is locked, opened, sealed again and written in one
  // transaction, so the service (a reveal, the retention wipe) sees either the old or the new.
  let done = 0
  for (let after = 0; ;) {
    const rows = await db.transaction(async (trx) => {
      const batch = await lockStaleSecretsAfter(trx, column, current, after, batchSize)
      for (const row of batch) {
        let plaintext: string
        try {
          plaintext = vault.open(row.ciphertext, row.keyId, row.owner, column.purpose)
        } catch (error) {
          report.unopenable.push({
            kind: column.kind,
            id: row.id,
            why: why(knownKeyIds, row.keyId, error),
          })
          continue
        }
        const sealed = vault.seal(plaintext, row.owner, column.purpose)
        await writeSecret(trx, column, row.id, sealed)
        report.resealed[column.kind] += 1
      }
      return batch
    })
    if (rows.length === 0) break
    after = rows.at(-1)?.id ?? after
    done += rows.length
    progress(print, report, column.kind, done)
  }
}

/** The vault and sealed files as the service builds them, with the key ids they know. */
export function resealDepsFromConfig(
  config: AppConfig,
  db: Knex,
  storage: FileStorage = createFileStorage(config),
): Omit<ResealDeps, 'print'> {
  const previous = config.CREDENTIALS_PREVIOUS_KEYS
    ? (parsePreviousKeys(config.CREDENTIALS_PREVIOUS_KEYS) ?? new Map<string, Buffer>())
    : new Map<string, Buffer>()
  return {
    db,
    vault: credentialVaultFromConfig(config, pino({ level: 'silent' })),
    files: identityDocumentFilesFromConfig(config, storage),
    knownKeyIds: new Set([config.CREDENTIALS_KEY_ID, ...previous.keys()]),
  }
}

/** The report's last lines and the exit code: 0 done, 1 something is left for an operator. */
export function summarise(report: ResealReport, print: (line: string) => void): number {
  const kinds = Object.keys(report.resealed) as ResealKind[]
  if (report.dryRun) {
    print('reseal: dry run, nothing changed')
  } else {
    print(
      `reseal: re-sealed ${kinds.map((kind) => `${report.resealed[kind]} ${LABELS[kind]}`).join(', ')}`,
    )
  }
  for (const kind of kinds) {
    const rows = report.unopenable.filter((row) => row.kind === kind)
    if (rows.length === 0) continue
    print(
      `reseal: ${rows.length} ${LABELS[kind]} open with no known key, left as they are: ${rows.map((row) => `#${row.id} (${row.why})`).join(', ')}`,
    )
  }
  if (report.leftoverObjects.length > 0) {
    print(
      `reseal: ${report.leftoverObjects.length} old object(s) could not be deleted (their rows moved on; delete them): ${report.leftoverObjects.join(', ')}`,
    )
  }
  return report.unopenable.length > 0 || report.leftoverObjects.length > 0 ? 1 : 0
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, batch: { type: 'string', default: '100' } },
    strict: true,
  })
  const batchSize = Number(values.batch)
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    console.error('reseal: --batch must be a whole number from 1 to 10000')
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  if (!config.CREDENTIALS_ENCRYPTION_KEY) {
    // Without a key the service seals with throwaway material: there is no key to move to.
    console.error('reseal: CREDENTIALS_ENCRYPTION_KEY is not set: nothing to re-seal under')
    process.exitCode = 2
    return
  }
  const db = createKnex({ url: config.DATABASE_URL, poolMax: 2 })
  const print = (line: string) => console.log(line)
  await runOnDb('reseal', db, async () => {
    const deps = resealDepsFromConfig(config, db)
    print(
      `reseal: current key ${config.CREDENTIALS_KEY_ID}, known ${[...deps.knownKeyIds].join(', ')}`,
    )
    const report = await reseal(
      { ...deps, print, batchSize },
      { dryRun: values['dry-run'] ?? false },
    )
    process.exitCode = summarise(report, print)
  })
}

// Run as a script (not when a test imports `reseal`).
await runIfScript(import.meta.url, main)
