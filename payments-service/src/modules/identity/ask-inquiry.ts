import { createHmac } from 'node:crypto'
import { ApiError } from '../../http/errors.ts'
import { IdentityInquiry as IdentityInquiryRecord } from '../../models/identity-inquiry.model.ts'
import type { InquiryAsker } from './inquiry-caps.ts'
import type { InquiryLogContext, InquiryLogDeps, InquiryOutcome } from './inquiry-log-deps.ts'
import {
  InquiryError,
  type CardOwnerQuestion,
  type IdentityInquiry,
  type InquiryAnswer,
  type InquiryKind,
  type MobileOwnerQuestion,
  type ShebaOwnerQuestion,
} from './inquiry.ts'

function countInquiry(deps: InquiryLogDeps, kind: InquiryKind, outcome: InquiryOutcome) {
  deps.metrics?.inquiries.inc({ kind, outcome })
  if (outcome === 'sent') deps.metrics?.inquiryCostIrr.inc({ kind }, deps.priceIrr)
}

const hashOf = (hashKey: Buffer, kind: InquiryKind, question: object) =>
  createHmac('sha256', hashKey)
    .update(
      `${kind}\0${JSON.stringify(Object.entries(question).sort(([a], [b]) => a.localeCompare(b)))}`,
    )
    .digest('hex')

function send(
  provider: IdentityInquiry,
  kind: InquiryKind,
  question: object,
): Promise<InquiryAnswer> {
  if (kind === 'mobile_national_code')
    return provider.mobileMatchesNationalCode(question as MobileOwnerQuestion)
  if (kind === 'card_owner') return provider.cardMatchesNationalCode(question as CardOwnerQuestion)
  return provider.shebaMatchesNationalCode(question as ShebaOwnerQuestion)
}

/**
 * One question: answered from the record within the reuse period, otherwise charged against
 * the daily caps, put to the provider and recorded with its answer (or its failure).
 */
export async function askInquiry(
  deps: InquiryLogContext,
  kind: InquiryKind,
  question: object,
  asker: InquiryAsker,
): Promise<InquiryAnswer> {
  const { db, clock, provider, charges } = deps
  const count = (outcome: InquiryOutcome) => countInquiry(deps, kind, outcome)
  const inputHash = hashOf(deps.hashKey, kind, question)
  const now = clock.now()
  const since = new Date(now.getTime() - deps.reuseDays * 86_400_000)
  const known = await IdentityInquiryRecord.knownAnswer(db, {
    inputHash,
    kind,
    provider: provider.name,
    since,
  })
  if (known) {
    count('reused')
    return known as InquiryAnswer
  }

  let charge: number
  try {
    charge = await charges.charge(kind, asker)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'inquiry_limit') count('refused')
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
    answer = await send(provider, kind, question)
  } catch (error) {
    if (error instanceof InquiryError && error.kind === 'unsupported') {
      // Nothing left for the provider: nothing to pay, the place is given back.
      await charges.release(charge)
    } else if (error instanceof InquiryError) {
      // Asked, maybe paid for, without an answer: it keeps its place under the caps.
      count('sent')
      deps.logger.warn({ err: error, kind, provider: provider.name }, 'identity inquiry failed')
      await record(error.kind)
    }
    throw error
  }
  count('sent')
  await record(answer)
  return answer
}
