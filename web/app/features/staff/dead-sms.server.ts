import type { DeadSmsOut } from '@arzpol/contracts/sms'
import { DeadSmsListOut, SmsRetriedOut } from '@arzpol/contracts/sms'
import { wire, type Wire } from '@arzpol/contracts/wire'
import { z } from 'zod'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's SMS that could not be delivered (`/api/staff/sms/dead/`), server to server
 * with the staff member's access token, like the other staff calls.
 */

export const DEAD_SMS_PAGE_SIZE = 50

const deadSmsList = wire(DeadSmsListOut)
const retried = wire(SmsRetriedOut)
export type DeadSms = Wire<z.output<typeof DeadSmsOut>>

export const listDeadSms = (request: Request, token: string, offset: number) =>
  call(request, `/api/staff/sms/dead/${queryString({ limit: DEAD_SMS_PAGE_SIZE, offset })}`, {
    method: 'GET',
    token,
    schema: deadSmsList,
  })

export const retryDeadSms = (request: Request, token: string, id: string) =>
  call(request, `/api/staff/sms/dead/${encodeURIComponent(id)}/retry/`, {
    method: 'POST',
    token,
    body: {},
    schema: retried,
  })

/** The page's form: which dead SMS to try again. */
export const retrySchema = z.object({ id: z.uuid('این پیامک معتبر نیست') })
