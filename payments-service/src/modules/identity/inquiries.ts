import { createHash, createHmac, type KeyObject } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../lib/clock.ts'
import { IdentityInquiry as IdentityInquiryRecord } from '../../models/identity-inquiry.model.ts'
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
 * for again; a timeout or an error is recorded but never reused.
 */

type Question<K extends InquiryKind> = K extends 'mobile_national_code'
  ? MobileOwnerQuestion
  : K extends 'card_owner'
    ? CardOwnerQuestion
    : ShebaOwnerQuestion

export interface InquiryLog {
  ask<K extends InquiryKind>(kind: K, question: Question<K>, userId: number): Promise<InquiryAnswer>
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
}): InquiryLog {
  const { db, clock, provider } = deps

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
    async ask(kind, question, userId) {
      const inputHash = hashOf(kind, question)
      const now = clock.now()
      const since = new Date(now.getTime() - deps.reuseDays * 86_400_000)
      const known = await IdentityInquiryRecord.knownAnswer(db, {
        inputHash,
        kind,
        provider: provider.name,
        since,
      })
      if (known) return known as InquiryAnswer

      const started = Date.now()
      const record = (result: string) =>
        IdentityInquiryRecord.record(db, {
          user_id: userId,
          kind,
          provider: provider.name,
          input_hash: inputHash,
          result,
          duration_ms: Date.now() - started,
          created_at: clock.now(),
        })
      try {
        const answer = await send(kind, question)
        await record(answer)
        return answer
      } catch (error) {
        if (error instanceof InquiryError && error.kind !== 'unsupported') {
          deps.logger.warn({ err: error, kind, provider: provider.name }, 'identity inquiry failed')
          await record(error.kind)
        }
        throw error
      }
    },
  }
}
