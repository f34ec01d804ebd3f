import { createHash, type KeyObject } from 'node:crypto'
import { askInquiry } from './ask-inquiry.ts'
import { createInquiryCharges, type InquiryAsker } from './inquiry-caps.ts'
import type { InquiryLogContext, InquiryLogDeps } from './inquiry-log-deps.ts'
import type {
  CardOwnerQuestion,
  InquiryAnswer,
  InquiryKind,
  MobileOwnerQuestion,
  ShebaOwnerQuestion,
} from './inquiry.ts'

export type { InquiryCounters, InquiryLogDeps, InquiryOutcome } from './inquiry-log-deps.ts'

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

/** The HMAC key: derived from the JWT key, so it survives restarts without one more secret. */
export const inquiryHashKeyOf = (jwtKey: KeyObject): Buffer =>
  createHash('sha256')
    .update('arzpol identity inquiry hash v1\0')
    .update(jwtKey.export({ type: 'pkcs8', format: 'der' }))
    .digest()

export function createInquiryLog(deps: InquiryLogDeps): InquiryLog {
  const context: InquiryLogContext = { ...deps, charges: createInquiryCharges(deps) }
  return { ask: askInquiry.bind(null, context) }
}
