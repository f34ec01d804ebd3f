import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError, ValidationError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import type { User } from '../../models/user.model.ts'
import {
  formatJalaliDate,
  gregorianOf,
  isAdultOn,
  parseJalaliDate,
} from '@arzpol/contracts/identity/birth-date'
import {
  LEVEL_STEPS,
  MESSAGES,
  type IdentityLevel,
  type Level1Input,
} from '@arzpol/contracts/identity/customer'
import { InquiryError } from './inquiry.ts'
import type { InquiryLog } from './inquiries.ts'
import { levelLimits, nextLevelOf } from './levels.ts'
import { remainingOf, standingOf } from './limits.ts'
import { maskNationalCode } from '@arzpol/contracts/identity/national-code'
import { createCardService } from './cards.ts'
import type { SealedFiles } from '../../storage/sealed.ts'
import { createIdentityDocumentService } from './documents.ts'
import { createIdentityReviewService } from './review.ts'
import { createIdentityHistoryService } from './history.ts'
import { createOwnership, inquiryUnavailable } from './ownership.ts'

/** A customer's identity (issue 18): their level, level 1 by inquiry, and what they may spend. */

const conflict = (detail: string, code: string) => new ApiError(409, detail, code)

export function createIdentityService(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  inquiries: InquiryLog
  /** Where level 2's documents are sealed and kept (ADR 025). */
  documentFiles: SealedFiles
  /** Told once a customer reached level 1 (their waiting cash-outs are looked at again). */
  onLevel1?: (userId: number) => Promise<void>
  /** IDENTITY_CARD_LIMIT_PER_CUSTOMER: cards a customer may have registered at once. */
  maxCards: number
}) {
  const { db, clock } = deps
  const documents = createIdentityDocumentService({ ...deps, files: deps.documentFiles })

  const identityOf = (runner: Knex | Knex.Transaction, userId: number) =>
    CustomerIdentity.of(runner, userId)

  async function status(user: User) {
    const now = clock.now()
    const [identity, standing, level2] = await Promise.all([
      identityOf(db, user.id),
      standingOf(db, user.id, now),
      documents.level2(user.id),
    ])
    const next = nextLevelOf(standing.level)
    const limitsOf = ({ per_order_irr, per_day_irr, per_month_irr }: typeof standing.limits) => ({
      per_order_irr,
      per_day_irr,
      per_month_irr,
    })
    return {
      level: standing.level,
      identity: identity
        ? {
            first_name: identity.first_name,
            last_name: identity.last_name,
            national_code: maskNationalCode(identity.national_code),
            birth_date: identity.birth_date_jalali,
            verified_at: identity.level1_at.toISOString(),
          }
        : null,
      limits: { ...limitsOf(standing.limits), ...remainingOf(standing) },
      level2,
      next_level:
        next === null
          ? null
          : {
              level: next,
              steps: LEVEL_STEPS[next],
              limits: limitsOf(await levelLimits(db, next)),
              // Level 1 is taken here at once; level 2 by uploading documents (staff review).
              available: true,
            },
    }
  }

  /**
   * Level 1: the checks we can make ourselves first (age, one account per national code), then
   * the paid Shahkar inquiry (counted against the customer's and the request's address's daily
   * caps, ADR 030), then the row whose unique national code settles a race between two accounts.
   */
  async function verifyLevel1(user: User, input: Level1Input, clientIp: string | null) {
    const birth = parseJalaliDate(input.birth_date)
    if (!birth) throw ValidationError.field('birth_date', MESSAGES.birthDateInvalid)
    if (!isAdultOn(birth, clock.now())) throw ValidationError.field('birth_date', MESSAGES.underAge)
    if (await identityOf(db, user.id)) throw conflict(MESSAGES.alreadyVerified, 'already_verified')
    const holder = await CustomerIdentity.holderOf(db, input.national_code)
    if (holder) throw conflict(MESSAGES.nationalCodeTaken, 'national_code_taken')

    let answer
    try {
      answer = await deps.inquiries.ask(
        'mobile_national_code',
        { mobile: user.phone, nationalCode: input.national_code },
        { userId: user.id, clientIp },
      )
    } catch (error) {
      if (!(error instanceof InquiryError)) throw error
      throw inquiryUnavailable()
    }
    if (answer !== 'matched') throw conflict(MESSAGES.mobileMismatch, 'mobile_mismatch')

    const now = clock.now()
    try {
      await CustomerIdentity.recordLevel1(db, {
        user_id: user.id,
        level: 1 satisfies IdentityLevel,
        first_name: input.first_name,
        last_name: input.last_name,
        national_code: input.national_code,
        birth_date_jalali: formatJalaliDate(birth),
        birth_date: gregorianOf(birth),
        level1_at: now,
        created_at: now,
        updated_at: now,
      })
    } catch (error) {
      if (isUniqueViolation(error, 'customer_identities_national_code_key')) {
        throw conflict(MESSAGES.nationalCodeTaken, 'national_code_taken')
      }
      if (isUniqueViolation(error, 'customer_identities_pkey')) {
        throw conflict(MESSAGES.alreadyVerified, 'already_verified')
      }
      throw error
    }
    await deps.onLevel1?.(user.id)
    return status(user)
  }

  // Cards and Sheba owners (ADR 024) ask the same provider through the same record.
  const ownership = createOwnership(deps.inquiries)
  const cards = createCardService({ db, clock, ownership, maxCards: deps.maxCards })

  // Level 2 (ADR 025): the customer's documents, the staff review, what staff read.
  const reviews = createIdentityReviewService({ ...deps, files: deps.documentFiles })
  const history = createIdentityHistoryService({ db })

  return { status, verifyLevel1, ownership, cards, documents, reviews, history }
}

export type IdentityService = ReturnType<typeof createIdentityService>
