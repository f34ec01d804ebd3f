import { maskPhone } from '@arzpol/contracts'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { Counter, type Registry } from 'prom-client'
import type { Job, JobEngine, QueueOptions } from '../../../jobs/engine.ts'
import type { Clock } from '../../../lib/clock.ts'
import { OtpChallenge } from '../../../models/otp-challenge.model.ts'
import { User } from '../../../models/user.model.ts'
import type { OtpCodes } from '../otp-code.ts'
import { localIdOf, SMS_QUEUES, SmsJobData, type SmsQueue } from './sms-jobs.ts'
import type { SmsKey, SmsProvider } from './sms-provider.ts'

/**
 * The workers of the SMS queues (outbox.ts writes the jobs). A try hands the message to the
 * vendor with the job's key as `localid`; a try that throws is retried with backoff, and the
 * job dies only when no try is left.
 *
 * At least once: a worker killed after the vendor took a message but before the job was marked
 * done leaves the job claimed; once its lease runs out, another worker sends it again. Only such
 * a message can go out twice — the vendor drops the repeat by its localid — and each hand-over
 * after a lost worker is counted (`arzpol_sms_resent_after_lost_worker_total`). A pod that
 * shuts down hands its unfinished jobs back the same way (ADR 032).
 */

export const SMS_RESENT_METRIC = 'arzpol_sms_resent_after_lost_worker_total'

/**
 * A code is worth two minutes: five tries, the last about a minute after the first at most. The
 * leases outlast the adapter's 10 s vendor timeout; a try waits on the vendor, not the CPU, so a
 * burst of codes is sent several at a time per instance.
 */
export const OTP_QUEUE: QueueOptions = {
  retryLimit: 4,
  retryDelaySeconds: 2,
  leaseSeconds: 30,
  workers: 8,
}
/** A notice rides out a vendor outage of about two hours (backoff 30 s doubling, 9 tries). */
export const NOTICE_QUEUE: QueueOptions = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  leaseSeconds: 60,
  workers: 4,
}

/**
 * What pg-boss writes as the output of a try whose worker stopped holding it: its lease ran out
 * (a worker killed; the maintenance's `expire`), or its pod shut down before it finished.
 */
const LEASE_RAN_OUT = 'job failed by timeout in active state'
const SHUT_DOWN = 'pg-boss shut down while active'
type LostWorker = 'lease_expired' | 'shutdown'

export interface SmsWorkerDeps {
  db: Knex
  clock: Clock
  logger: Logger
  /** The vendor (counted: http/metrics.ts). */
  provider: SmsProvider
  /** The codes of OTP challenges, derived from their nonce (otp-code.ts). */
  codes: OtpCodes
  metrics: { registry: Registry }
}

/** Why a try ended without a message: the job is done all the same. */
export type SmsOutcome =
  'sent' | 'challenge_gone' | 'not_delivered' | 'code_used' | 'code_expired' | 'no_account'

type Engine = Pick<JobEngine, 'work' | 'boss'>

export function registerSmsWorkers(engine: Engine, deps: SmsWorkerDeps): void {
  const resent = resentCounter(deps.metrics.registry)
  const deliver = smsDelivery(deps)

  /** Whether the try before this one ended with its worker gone, the vendor's answer unknown. */
  async function lostWorker(queue: SmsQueue, job: Job<unknown>): Promise<LostWorker | null> {
    if (job.retryCount === 0) return null
    const row = await engine.boss.getJobById<unknown>(queue, job.id)
    const value = (row?.output as { value?: unknown } | undefined)?.value
    if (value === SHUT_DOWN) return 'shutdown'
    const message = (value as { message?: unknown } | undefined)?.message
    return message === LEASE_RAN_OUT ? 'lease_expired' : null
  }

  const handler = (queue: SmsQueue) => async (job: Job<unknown>) => {
    const data = SmsJobData.parse(job.data)
    const lost = await lostWorker(queue, job)
    if (lost) {
      // The vendor may have taken the message from the worker that went: this may be a repeat.
      resent.inc({ kind: data.kind, why: lost })
      deps.logger.warn(
        { sms_to: maskPhone(data.phone), kind: data.kind, job_id: job.id, why: lost },
        'sms handed over again after its worker stopped holding it',
      )
    }
    try {
      return { outcome: await deliver(data, localIdOf(job.id)) }
    } catch (error) {
      deps.logger.warn(
        {
          err: error,
          provider: deps.provider.name,
          sms_to: maskPhone(data.phone),
          kind: data.kind,
          try: job.retryCount + 1,
        },
        'sms delivery failed',
      )
      throw error
    }
  }

  engine.work(SMS_QUEUES.otp, handler(SMS_QUEUES.otp), OTP_QUEUE)
  engine.work(SMS_QUEUES.notice, handler(SMS_QUEUES.notice), NOTICE_QUEUE)
}

/** One try of one message: decides whether it still goes out, and hands it to the vendor. */
export function smsDelivery({ db, clock, provider, codes }: SmsWorkerDeps) {
  return async function deliver(data: SmsJobData, localId: string): Promise<SmsOutcome> {
    switch (data.kind) {
      case 'otp': {
        const challenge = await OtpChallenge.withId(db, data.challengeId)
        if (!challenge) return 'challenge_gone'
        // A reset for an unknown phone: its job exists only so both take the same time.
        if (!challenge.delivered) return 'not_delivered'
        if (challenge.consumed_at !== null) return 'code_used'
        if (challenge.expires_at <= clock.now()) return 'code_expired'
        const code = await codes.codeFor(challenge.nonce)
        await provider.sendOtp({ phone: challenge.phone, code, localId })
        return 'sent'
      }
      case 'otp_locked': {
        // Written for every locked phone alike; only an account's owner hears of it.
        if (!(await User.hasPhone(db, data.phone))) return 'no_account'
        await provider.sendOtpLocked?.(messageOf(data, localId))
        return 'sent'
      }
      case 'ticket_reply':
        await provider.sendTicketReply(messageOf(data, localId))
        return 'sent'
      case 'order_status':
        await provider.sendOrderStatus?.(messageOf(data, localId))
        return 'sent'
      case 'money_back':
        await provider.sendMoneyBack?.({
          ...messageOf(data, localId),
          expectedBy: data.expectedBy === null ? null : new Date(data.expectedBy),
        })
        return 'sent'
      case 'refund_account':
        await provider.sendRefundAccount?.(messageOf(data, localId))
        return 'sent'
      case 'proposal_waiting':
        await provider.sendProposalWaiting?.(messageOf(data, localId))
        return 'sent'
    }
  }
}

/**
 * A notice's message back from its job, the outbox's write undone: every field of the job but
 * its kind (parsing the job dropped anything else), with the job's key.
 */
function messageOf<Data extends SmsJobData>(
  { kind: _kind, ...fields }: Data,
  localId: string,
): Omit<Data, 'kind'> & SmsKey {
  return { ...fields, localId }
}

/** One counter per registry (a test app has its own registry, main.ts one for the process). */
function resentCounter(registry: Registry): Counter<'kind' | 'why'> {
  const name = SMS_RESENT_METRIC
  const existing = registry.getSingleMetric(name)
  if (existing) return existing as Counter<'kind' | 'why'>
  return new Counter({
    name,
    help: 'SMS handed to the vendor again because the worker holding it stopped (why: lease_expired, a worker killed; shutdown, its pod stopped first); the vendor drops a repeat by its localid',
    labelNames: ['kind', 'why'] as const,
    registers: [registry],
  })
}
