import type { Knex } from 'knex'

/**
 * The re-seal's queries (cli/reseal.ts, ADR 025). They are the same for every table that keeps a
 * sealed secret beside the id of its key, so they take the table and its columns as data instead
 * of being written once per model.
 */
export interface SealedColumn {
  table: string
  id: string
  keyId: string
}

export interface SealedSecretColumn extends SealedColumn {
  ciphertext: string
}

function stale(db: Knex, column: SealedColumn, current: string) {
  return db(column.table).whereNotNull(column.keyId).whereNot(column.keyId, current)
}

/** Rows sealed under another key than `current`, counted per key id. */
export async function countSealedUnderOtherKeys(
  db: Knex,
  column: SealedColumn,
  current: string,
): Promise<Array<{ key: string; n: string }>> {
  return (await stale(db, column, current)
    .groupBy(column.keyId)
    .select({ key: column.keyId })
    .count({ n: '*' })) as Array<{ key: string; n: string }>
}

export async function idsSealedUnder(
  db: Knex,
  column: SealedColumn,
  keyIds: string[],
): Promise<number[]> {
  return (await db(column.table)
    .whereIn(column.keyId, keyIds)
    .orderBy(column.id)
    .pluck(column.id)) as number[]
}

/** The next identity documents after `after` whose file is sealed under an older key. */
export async function staleDocumentsAfter(
  db: Knex,
  current: string,
  after: number,
  limit: number,
): Promise<Array<{ id: number; storage_key: string; key_id: string }>> {
  return (await stale(db, { table: 'identity_documents', id: 'id', keyId: 'key_id' }, current)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .select('id', 'storage_key', 'key_id')) as Array<{
    id: number
    storage_key: string
    key_id: string
  }>
}

/** Points a document at its re-sealed object, unless the row changed meanwhile (returns 0). */
export function moveDocumentObject(
  trx: Knex.Transaction,
  row: { id: number; storage_key: string; key_id: string },
  to: { storageKey: string; keyId: string },
): Promise<number> {
  return trx('identity_documents')
    .where({ id: row.id, storage_key: row.storage_key, key_id: row.key_id })
    .update({ storage_key: to.storageKey, key_id: to.keyId })
}

/** Locks the next batch of secrets after `after` sealed under an older key. */
export async function lockStaleSecretsAfter(
  trx: Knex.Transaction,
  column: SealedSecretColumn,
  current: string,
  after: number,
  limit: number,
): Promise<Array<{ id: number; owner: number; ciphertext: Buffer; keyId: string }>> {
  return (await stale(trx, column, current)
    .where(column.id, '>', after)
    .orderBy(column.id)
    .limit(limit)
    .forUpdate()
    .select({
      id: column.id,
      owner: 'user_id',
      ciphertext: column.ciphertext,
      keyId: column.keyId,
    })) as Array<{ id: number; owner: number; ciphertext: Buffer; keyId: string }>
}

export async function writeSecret(
  trx: Knex.Transaction,
  column: SealedSecretColumn,
  id: number,
  sealed: { ciphertext: Buffer; keyId: string },
): Promise<void> {
  await trx(column.table)
    .where(column.id, id)
    .update({ [column.ciphertext]: sealed.ciphertext, [column.keyId]: sealed.keyId })
}
