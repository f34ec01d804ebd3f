import type { Knex } from 'knex'
import { describe, expect, it } from 'vitest'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import { orderStatusSmsText, type OrderStatusSms } from '../../auth/sms/sms-provider.ts'
import { STAGES } from '../state-machine.ts'
import { notifyStatusChange, STAGE_SMS_LABELS } from './notify.ts'

/** What notifyStatusChange queues, without a database (staff-orders.test.ts goes end to end). */
function recordingOutbox() {
  const queued: OrderStatusSms[] = []
  const outbox = {
    enqueueOrderStatus: async (_trx: Knex.Transaction, message: OrderStatusSms) => {
      queued.push(message)
    },
  } as Partial<SmsOutbox> as SmsOutbox
  return { queued, outbox }
}
const trx = {} as Knex.Transaction

describe('order status SMS', () => {
  it('names the order in Persian digits and its new state, nothing else', async () => {
    const { queued, outbox } = recordingOutbox()
    const sent = await notifyStatusChange(trx, outbox, {
      phone: '09121234567',
      orderId: 1205,
      from: 'in_progress',
      to: 'done',
    })
    expect(sent).toBe(true)
    expect(queued).toEqual([{ phone: '09121234567', orderId: 1205, statusLabel: 'انجام شد' }])
    expect(orderStatusSmsText(1205, 'انجام شد')).toBe(
      'ارزپل: سفارش شماره ۱۲۰۵ شما انجام شد.\nبرای دیدن جزئیات وارد حساب کاربری خود شوید.',
    )
  })

  it('stays quiet for a move within one status', async () => {
    const { queued, outbox } = recordingOutbox()
    expect(
      await notifyStatusChange(trx, outbox, {
        phone: '09121234567',
        orderId: 1,
        from: 'paid',
        to: 'in_progress',
      }),
    ).toBe(false)
    expect(queued).toEqual([])
  })

  it('has a label for every stage', () => {
    for (const stage of STAGES) expect(STAGE_SMS_LABELS[stage]).toMatch(/[\u0600-\u06FF]/)
  })
})
