import { DeadSmsListOut, DeadSmsQuery, SmsJobParams, SmsRetriedOut } from '@arzpol/contracts/sms'
import { ok, reply, type Api } from '../../../http/route.ts'
import { staffRoutes } from '../../../http/staff-routes.ts'
import type { DeadSmsService } from './dead-sms.ts'

/** SMS that could not be delivered, for support and admins: the list and one more try. */
export function registerStaffSmsRoutes(api: Api, deadSms: DeadSmsService) {
  const staff = staffRoutes(api)

  staff.get('/api/staff/sms/dead/', {
    operationId: 'staff_sms_dead_list',
    summary: 'SMS whose every try failed, newest first: masked phone, kind, tries, last error',
    description:
      'A message dies after its queue’s last try (codes within about a minute, notices after about two hours of tries) and stays here two weeks. Never the text of a message.',
    query: DeadSmsQuery,
    responses: ok('One page', DeadSmsListOut),
    handler: async (_ctx, { query }) => reply(200, await deadSms.list(query)),
  })

  staff.post('/api/staff/sms/dead/:id/retry/', {
    operationId: 'staff_sms_dead_retry',
    summary: 'One more try of a dead SMS, now (audited)',
    description:
      'The message goes back to its queue under its own key, so the vendor still sends it at most once. 404 `not_found` when the id is not a dead SMS (unknown, or already retried). A code whose two minutes passed is dropped, not sent.',
    params: SmsJobParams,
    responses: ok('Queued again', SmsRetriedOut),
    errors: [404],
    handler: async (_ctx, { params, user }) => reply(200, await deadSms.retry(user, params.id)),
  })
}
