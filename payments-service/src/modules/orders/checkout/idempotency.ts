import { createHmac } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { AppConfig } from '../../../config/env.ts'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import { keyFromSetting } from '../../../lib/setting-key.ts'
import { IdempotencyKey, type IdempotencyKeyRow } from '../../../models/idempotency-key.model.ts'

/**
 * `Idempotency-Key` for the calls that create something (an order, a gateway attempt). The
 * client sends one key per intended operation; the first request with it does the work and its
 * answer is remembered; a repeat with the same key and the same body gets that answer again, a
 * repeat with another body is refused (422), and a repeat while the first is still running is
 * told to retry (409) if waiting a few seconds for it was not enough. Keys are per customer and per operation (`scope`) and live 24 hours.
 *
 * Two ways to hold a key:
 * - `claimInTransaction`: the key row is inserted in the caller's transaction, so a parallel
 *   request with the same key waits on the unique index until that transaction ends and then
 *   finds the finished answer. Used where the whole operation is one transaction (create).
 * - `claim` / `complete` / `release`: the key row is committed as `in_progress` first, for
 *   operations that talk to the bank between transactions (start).
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_TTL_HOURS = 24
/** An `in_progress` key this old belongs to a request that died; another may take it over. */
const STALE_IN_PROGRESS_MS = 2 * 60_000
/** A twin of a running request waits this long for its answer before being told to retry. */
const WAIT_FOR_TWIN_MS = 8_000
const WAIT_STEP_MS = 100

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/

export const IDEMPOTENCY_MESSAGES = {
  invalidKey:
    'کلید Idempotency-Key باید ۱ تا ۱۲۸ نویسه از حروف و ارقام لاتین، نقطه، دونقطه، خط تیره یا زیرخط باشد.',
  reused:
    'این کلید یکتایی (Idempotency-Key) قبلاً برای درخواست دیگری به کار رفته است. برای درخواست تازه کلید تازه بفرستید.',
  inProgress:
    'درخواستی با همین کلید یکتایی (Idempotency-Key) در حال انجام است. چند لحظه بعد دوباره تلاش کنید.',
} as const

/** The header's value, checked; undefined when the client sent none. */
export function idempotencyKeyOf(header: string): string | undefined {
  if (header === '') return undefined
  if (!KEY_PATTERN.test(header)) {
    throw new ApiError(400, IDEMPOTENCY_MESSAGES.invalidKey, 'invalid_idempotency_key')
  }
  return header
}

/**
 * Fields left out of the request hash. The site password is a customer's secret: a hash of a
 * body holding it is a way to test guesses against the stored row, and a retry that only fixes a
 * mistyped password is the same intended operation (it replays the first answer).
 */
const UNHASHED_FIELDS = new Set(['site_password'])

/** Object keys sorted at every level, so `{a, b}` and `{b, a}` hash alike; secrets left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => !UNHASHED_FIELDS.has(key))
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  }
  return value
}

/** The request hash stored with a key: a keyed hash, so the row alone tells nothing of the body. */
export type RequestHasher = (body: unknown) => string

/** HMAC-SHA-256 with a server key over the canonical body without `site_password`. */
export function createRequestHasher(key: Buffer): RequestHasher {
  if (key.length < 32) throw new Error('idempotency hash key: at least 32 bytes')
  return (body) =>
    createHmac('sha256', key)
      .update(JSON.stringify(canonical(body ?? null)))
      .digest('hex')
}

/** IDEMPOTENCY_HASH_KEY, or outside production a key derived from the JWT key (see keyFromSetting). */
export function requestHasherFromConfig(
  config: Pick<AppConfig, 'IDEMPOTENCY_HASH_KEY' | 'JWT_PRIVATE_KEY' | 'APP_ENV'>,
  logger?: Logger,
): RequestHasher {
  const key = keyFromSetting(config, 'IDEMPOTENCY_HASH_KEY', 'idempotency request hash v1', logger)
  return createRequestHasher(key)
}

export type Claim<R> = { kind: 'new'; id: number } | { kind: 'replay'; response: R }

export interface IdempotencyInput {
  userId: number
  scope: string
  key: string
  hash: string
}

export function createIdempotencyStore(deps: { db: Knex; clock: Clock }) {
  const { clock } = deps

  async function tryInsert(trx: Knex | Knex.Transaction, input: IdempotencyInput) {
    const now = clock.now()
    return IdempotencyKey.insertIfAbsent(trx, {
      userId: input.userId,
      scope: input.scope,
      key: input.key,
      requestHash: input.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000),
    })
  }

  async function existing(trx: Knex | Knex.Transaction, input: IdempotencyInput) {
    return IdempotencyKey.findOf(trx, input)
  }

  /** What an existing row means for this request: its answer, or an error. */
  function judge<R>(row: IdempotencyKeyRow, input: IdempotencyInput): Claim<R> | 'retake' {
    const now = clock.now().getTime()
    if (row.expires_at.getTime() <= now) return 'retake'
    if (row.request_hash !== input.hash) {
      throw new ApiError(422, IDEMPOTENCY_MESSAGES.reused, 'idempotency_key_reused')
    }
    if (row.state === 'completed') return { kind: 'replay', response: row.response as R }
    if (now - row.created_at.getTime() > STALE_IN_PROGRESS_MS) return 'retake'
    throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_key_in_progress', {
      headers: { 'Retry-After': '2' },
    })
  }

  async function claimWith<R>(
    trx: Knex | Knex.Transaction,
    input: IdempotencyInput,
    waitForTwin: boolean,
  ): Promise<Claim<R>> {
    // Wall time, not the injectable clock: this is how long a request is held, not business time.
    const giveUpAt = Date.now() + (waitForTwin ? WAIT_FOR_TWIN_MS : 0)
    for (let attempt = 0; attempt < 3;) {
      const id = await tryInsert(trx, input)
      if (id !== undefined) return { kind: 'new', id }
      const row = await existing(trx, input)
      // Deleted between our insert and our read (released or purged): try again.
      if (!row) {
        attempt += 1
        continue
      }
      let verdict: Claim<R> | 'retake'
      try {
        verdict = judge<R>(row, input)
      } catch (error) {
        // A twin still running (a double click): wait for its answer rather than refuse.
        const running = error instanceof ApiError && error.code === 'idempotency_key_in_progress'
        if (!running || Date.now() >= giveUpAt) throw error
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
        continue
      }
      if (verdict !== 'retake') return verdict
      // Expired, or left behind by a request that died: only one taker wins the delete.
      await IdempotencyKey.deleteIfUnchanged(trx, row.id, row.created_at)
      attempt += 1
    }
    throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_key_in_progress')
  }

  return {
    /** Inside the caller's transaction: parallel twins wait for it and then replay its answer. */
    claimInTransaction: <R>(trx: Knex.Transaction, input: IdempotencyInput) =>
      claimWith<R>(trx, input, false),
    /**
     * Committed at once as `in_progress`; the caller must `complete` or `release` it. A twin
     * arriving meanwhile waits (up to 8 s) for the answer and replays it.
     */
    claim: <R>(input: IdempotencyInput) => claimWith<R>(deps.db, input, true),
    async complete(trx: Knex | Knex.Transaction | undefined, id: number, response: unknown) {
      await IdempotencyKey.complete(trx ?? deps.db, id, response)
    },
    /** The operation failed: the key may be used again (a failure is not remembered). */
    async release(id: number) {
      await IdempotencyKey.release(deps.db, id)
    },
  }
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>

/** Deletes keys older than their 24 hours; returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Knex, now: Date): Promise<number> {
  return IdempotencyKey.purgeExpired(db, now)
}
