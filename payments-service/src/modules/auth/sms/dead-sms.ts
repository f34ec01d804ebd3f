import { maskPhone } from '@arzpol/contracts'
import { SMS_KINDS, SMS_MESSAGES, type SmsKind } from '@arzpol/contracts/sms'
import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import { DeadSmsJob, type DeadSmsJobRow } from '../../../models/dead-sms-job.ts'
import type { User } from '../../../models/user.model.ts'
import { appendStaffAudit } from '../../staff-audit/chain.ts'
import type { SmsJobSink } from './outbox.ts'
import { SMS_QUEUE_NAMES, SMS_QUEUES } from './sms-jobs.ts'

/**
 * SMS that could not be delivered (every try failed), for staff: who (masked), what kind, how
 * many tries, the last error and when, and one more try on demand. Never a message's text: an
 * OTP job holds no code (the worker derives it at sending), and digit runs in a vendor's error
 * are masked all the same.
 */

const ERROR_MAX = 300

/** The last try's error in words: pg-boss keeps a thrown error's message, a lost lease its own. */
export function lastErrorOf(output: Record<string, unknown> | null): string | null {
  if (!output) return null
  const value = output.value as { message?: unknown } | undefined
  const message = typeof output.message === 'string' ? output.message : value?.message
  if (typeof message !== 'string' || message === '') return null
  return (
    message
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\d{4,}/g, '…')
      .slice(0, ERROR_MAX)
  )
}

const kindOf = (data: Record<string, unknown>): SmsKind =>
  SMS_KINDS.includes(data.kind as SmsKind) ? (data.kind as SmsKind) : 'otp'

const bodyOf = (row: DeadSmsJobRow) => ({
  id: row.id,
  kind: kindOf(row.data),
  phone: maskPhone(typeof row.data.phone === 'string' ? row.data.phone : ''),
  attempts: row.retry_count + 1,
  last_error: lastErrorOf(row.output),
  created_at: row.created_on,
  failed_at: row.completed_on,
})

export function createDeadSmsService(deps: {
  db: Knex
  clock: Clock
  /** The engine: its `wake` rouses this instance's OTP workers for a retried code. */
  jobs: SmsJobSink
}) {
  const { db, clock, jobs } = deps
  return {
    async list(page: { limit: number; offset: number }) {
      const { count, rows } = await DeadSmsJob.page(db, SMS_QUEUE_NAMES, page)
      return { count, results: rows.map(bodyOf) }
    },

    /**
     * One more try, now: the job goes back to its queue under its own id (so the vendor still
     * sends it once), and the staff member's retry is a link of the audit chain, in one
     * transaction. An OTP whose code expired meanwhile is dropped by the worker, not sent.
     */
    async retry(staff: User, id: string) {
      const queue = await db.transaction(async (trx) => {
        const row = await DeadSmsJob.lockDead(trx, SMS_QUEUE_NAMES, id)
        if (!row) throw new ApiError(404, SMS_MESSAGES.notDead, 'not_found')
        if (!(await DeadSmsJob.retryNow(trx, row.queue, row.id))) {
          throw new ApiError(404, SMS_MESSAGES.notDead, 'not_found')
        }
        await appendStaffAudit(trx, {
          actor: staff,
          action: 'sms_retried',
          subject: { type: 'sms_job', id: row.id },
          data: { kind: kindOf(row.data), attempts: row.retry_count + 1 },
          at: clock.now(),
        })
        return row.queue
      })
      if (queue === SMS_QUEUES.otp) jobs.wake(queue)
      return { id, status: 'queued' as const }
    },
  }
}

export type DeadSmsService = ReturnType<typeof createDeadSmsService>
