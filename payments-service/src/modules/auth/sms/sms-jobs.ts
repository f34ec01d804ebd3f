import { SMS_KINDS, type SmsKind } from '@arzpol/contracts/sms'
import { z } from 'zod'

/**
 * What an SMS job holds (ADR 034: every SMS is a job of the job engine, written in the
 * transaction of the event that causes it). Never a code: an OTP job names its challenge, and
 * the worker derives the code from the challenge's nonce when it sends, so neither the job table
 * nor anyone reading it (staff, a dump, a log of the job) ever sees one.
 */

export { SMS_KINDS, type SmsKind }

/**
 * Two queues: codes wait for nobody (a short lease, quick retries within the code's two
 * minutes, the worker woken as soon as the job commits), notices may wait out a vendor's outage
 * for hours before they count as dead.
 */
export const SMS_QUEUES = { otp: 'sms-otp', notice: 'sms-notice' } as const
export type SmsQueue = (typeof SMS_QUEUES)[keyof typeof SMS_QUEUES]
export const SMS_QUEUE_NAMES: readonly SmsQueue[] = Object.values(SMS_QUEUES)

export const queueOfKind = (kind: SmsKind): SmsQueue =>
  kind === 'otp' ? SMS_QUEUES.otp : SMS_QUEUES.notice

const phone = z.string().regex(/^09\d{9}$/)
const id = z.number().int().positive()

export const SmsJobData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('otp'), phone, challengeId: id }),
  z.object({ kind: z.literal('ticket_reply'), phone, ticketId: id }),
  z.object({
    kind: z.literal('order_status'),
    phone,
    orderId: id,
    statusLabel: z.string().min(1).max(100),
  }),
  z.object({ kind: z.literal('otp_locked'), phone, hours: z.number().int().positive() }),
  z.object({
    kind: z.literal('money_back'),
    phone,
    orderId: id,
    amountIrr: z.number().int().nonnegative(),
    reason: z.string().min(1).max(200),
    expectedBy: z.iso.datetime().nullable(),
  }),
  z.object({ kind: z.literal('refund_account'), phone, orderId: id }),
  z.object({ kind: z.literal('proposal_waiting'), phone, proposalId: id }),
])
export type SmsJobData = z.infer<typeof SmsJobData>

/**
 * The vendor's key of a message (Kavenegar's `localid`, a number): 60 bits of the job's id, in
 * decimal. Every try of one job sends the same key, so the vendor sends the message once
 * however often it is handed over; two jobs share a key with odds of about n²/2⁶¹.
 */
export function localIdOf(jobId: string): string {
  const hex = jobId.replace(/-/g, '').slice(0, 15)
  if (!/^[0-9a-f]{15}$/i.test(hex)) throw new Error(`not a job id: ${jobId}`)
  return BigInt(`0x${hex}`).toString(10)
}
