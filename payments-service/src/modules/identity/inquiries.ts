import { createHash, createHmac, type KeyObject } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { IdentityInquiry as IdentityInquiryRecord } from '../../models/identity-inquiry.model.ts'
import { createInquiryCharges, type InquiryAsker, type InquiryCaps } from './inquiry-caps.ts'
import {
  InquiryError,
  type CardOwnerQuestion,
  type IdentityInquiry,
  type InquiryAnswer,
  type InquiryKind,
  type MobileOwnerQuestion,
  type ShebaOwnerQuestion,
} from './inquiry.ts'

/**
 * Every question put to the provider, on record (`identity_inquiries`): when, by whom, an HMAC of
 * the question (the table never holds a national code, a card or a Sheba) and the answer. A
 * question answered within the reuse period is answered from the record instead of being paid
 * for again; a timeout or an error is recorded but never reused. A question to be paid for must
 * first find a place under the daily caps of its customer and its client address (ADR 030).
 */

type Question<K extends InquiryKind> = K extends 'mobile_national_code'
  ? MobileOwnerQuestion
  : K extends 'card_owner'
    ? CardOwnerQuestion
    : ShebaOwnerQuestion

export interface InquiryLog {
  /** 429 `inquiry_limit` when a paid question does not fit in today's caps. */
  ask<K extends InquiryKind>(
    kind: K,
    question: Question<K>,
    asker: InquiryAsker,
  ): Promise<InquiryAnswer>
}

/** sent: paid for; reused: answered from the record; refused: over a daily cap. */
export type InquiryOutcome = 'sent' | 'reused' | 'refused'

/** Where inquiries are counted (the Prometheus counters of http/metrics.ts). */
export interface InquiryCounters {
  inquiries: { inc(labels: { kind: string; outcome: InquiryOutcome }): void }
  inquiryCostIrr: { inc(labels: { kind: string }, value: number): void }
}

/** The HMAC key: derived from the JWT key, so it survives restarts without one more secret. */
export const inquiryHashKeyOf = (jwtKey: KeyObject): Buffer =>
  createHash('sha256')
    .update('arzpol identity inquiry hash v1\0')
    .update(jwtKey.export({ type: 'pkcs8', format: 'der' }))
    .digest()

export function createInquiryLog(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  provider: IdentityInquiry
  hashKey: Buffer
  reuseDays: number
  caps: InquiryCaps
  /** IDENTITY_INQUIRY_PRICE_IRR: what one question sent costs, for the cost counter. */
  priceIrr: number
  metrics?: InquiryCounters
}): InquiryLog {
  const { db, clock, provider } = deps
  const charges = createInquiryCharges(deps)
  const count = (kind: InquiryKind, outcome: InquiryOutcome) => {
    deps.metrics?.inquiries.inc({ kind, outcome })
    if (outcome === 'sent') deps.metrics?.inquiryCostIrr.inc({ kind }, deps.priceIrr)
  }

  const hashOf = (kind: InquiryKind, question: object) =>
    createHmac('sha256', deps.hashKey)
      .update(
        `${kind}\0${JSON.stringify(Object.entries(question).sort(([a], [b]) => a.localeCompare(b)))}`,
      )
      .digest('hex')

  function send(kind: InquiryKind, question: object): Promise<InquiryAnswer> {
    if (kind === 'mobile_national_code')
      return provider.mobileMatchesNationalCode(question as MobileOwnerQuestion)
    if (kind === 'card_owner')
      return provider.cardMatchesNationalCode(question as CardOwnerQuestion)
    return provider.shebaMatchesNationalCode(question as ShebaOwnerQuestion)
  }

  return {
    async ask(kind, question, asker) {
      const inputHash = hashOf(kind, question)
      const now = clock.now()
      const since = new Date(now.getTime() - deps.reuseDays * 86_400_000)
      const known = await IdentityInquiryRecord.knownAnswer(db, {
        inputHash,
        kind,
        provider: provider.name,
        since,
      })
      if (known) {
        count(kind, 'reused')
        return known as InquiryAnswer
      }

      let charge: number
      try {
        charge = await charges.charge(kind, asker)
      } catch (error) {
        if (error instanceof ApiError && error.code === 'inquiry_limit') count(kind, 'refused')
        throw error
      }
      const started = Date.now()
      const record = (result: string) =>
        IdentityInquiryRecord.record(db, {
          user_id: asker.userId,
          kind,
          provider: provider.name,
          input_hash: inputHash,
          result,
          duration_ms: Date.now() - started,
          created_at: clock.now(),
        })
      let answer: InquiryAnswer
      try {
        answer = await send(kind, question)
      } catch (error) {
        if (error instanceof InquiryError && error.kind === 'unsupported') {
          // Nothing left for the provider: nothing to pay, the place is given back.
          await charges.release(charge)
        } else if (error instanceof InquiryError) {
          // Asked, maybe paid for, without an answer: it keeps its place under the caps.
          count(kind, 'sent')
          deps.logger.warn({ err: error, kind, provider: provider.name }, 'identity inquiry failed')
          await record(error.kind)
        }
        throw error
      }
      count(kind, 'sent')
      await record(answer)
      return answer
    },
  }
}
