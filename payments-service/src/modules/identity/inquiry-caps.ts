import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../http/errors.ts'
import type { AppDeps } from '../../http/context.ts'
import type { Clock } from '../../lib/clock.ts'
import { tehranDayBounds, tehranDayOf } from '../../lib/tehran-day.ts'
import {
  IdentityInquiryCharge,
  type ChargedTo,
} from '../../models/identity-inquiry-charge.model.ts'
import { MESSAGES } from '@arzpol/contracts/identity/customer'
import type { InquiryKind } from './inquiry.ts'

/**
 * Daily caps on the questions we pay the identity provider for (ADR 030), per customer and per
 * client address, by Tehran day. Each question sent has a row in `identity_inquiry_charges`,
 * inserted before the provider is asked in the transaction that counted the day's rows under
 * the customer's and the address's advisory locks: every process counts the same rows, and two
 * requests cannot both take the last place.
 */

/**
 * Who a question is asked for: the customer, and the address of the request that led to it.
 * Background work (the review of cash-outs after level 1, a staff settle) has no address and is
 * counted for the customer only.
 */
export type InquiryAsker = ChargedTo

export interface InquiryCaps {
  /** IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY */
  perCustomerPerDay: number
  /** IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY */
  perIpPerDay: number
}

/** Charges are only read for today's count; a week's are kept for looking into abuse. */
const CHARGE_RETENTION_DAYS = 7
const PURGE_INTERVAL_MS = 60 * 60_000

const refusal = (scope: 'customer' | 'address', now: Date, dayEnd: Date) => {
  const retryAfter = Math.max(1, Math.ceil((dayEnd.getTime() - now.getTime()) / 1000))
  return new ApiError(
    429,
    scope === 'customer' ? MESSAGES.inquiryLimitCustomer : MESSAGES.inquiryLimitAddress,
    'inquiry_limit',
    { body: { retry_after: retryAfter }, headers: { 'Retry-After': String(retryAfter) } },
  )
}

export function createInquiryCharges(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  caps: InquiryCaps
}) {
  const { db, clock, caps } = deps

  return {
    /**
     * Counts the question against today's caps and records it, or refuses it: 429
     * `inquiry_limit` with `retry_after` until the Tehran day ends. Answers the charge's id.
     */
    async charge(kind: InquiryKind, who: InquiryAsker): Promise<number> {
      const now = clock.now()
      const day = tehranDayBounds(tehranDayOf(now))
      return db.transaction(async (trx) => {
        await IdentityInquiryCharge.lockFor(trx, who)
        const counts = await IdentityInquiryCharge.countsWithin(trx, who, day)
        const full =
          counts.customer >= caps.perCustomerPerDay
            ? 'customer'
            : who.clientIp && counts.address >= caps.perIpPerDay
              ? 'address'
              : null
        if (full) {
          deps.logger.warn(
            { kind, userId: who.userId, clientIp: who.clientIp, cap: full },
            'identity inquiry refused: daily cap reached',
          )
          throw refusal(full, now, day.end)
        }
        return IdentityInquiryCharge.insertOne(trx, {
          user_id: who.userId,
          client_ip: who.clientIp,
          kind,
          created_at: now,
        })
      })
    },

    /** Gives the place back: the question was never sent (the provider cannot ask it). */
    async release(id: number): Promise<void> {
      await IdentityInquiryCharge.deleteOne(db, id)
    },
  }
}

export type InquiryCharges = ReturnType<typeof createInquiryCharges>

/** Deletes the charges older than a week (today's are all the caps read); answers how many. */
export function purgeInquiryCharges(deps: { db: Knex; clock: Clock }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - CHARGE_RETENTION_DAYS * 86_400_000)
  return IdentityInquiryCharge.deleteOlderThan(deps.db, cutoff)
}

/** The charge purge's job queue (jobs/background.ts). */
export const INQUIRY_CHARGE_PURGE_QUEUE = 'identity-inquiry-charge-purge'

/** The old charges purged by an hourly job (a plain DELETE), one run at a time (ADR 032). */
export function scheduleInquiryChargePurge(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'jobs'>,
): void {
  const { logger } = deps
  deps.jobs.every(INQUIRY_CHARGE_PURGE_QUEUE, PURGE_INTERVAL_MS / 1000, async () => {
    const deleted = await purgeInquiryCharges(deps)
    if (deleted > 0) logger.info({ count: deleted }, 'old identity inquiry charges deleted')
  })
}
