import { capturedLogger } from '../../../test/log-capture.ts'
import { describe, expect, it } from 'vitest'
import { createConsoleSmsProvider } from '../../auth/sms/console.ts'
import { createSmsOutbox } from '../../auth/sms/outbox.ts'
import { STAGES } from '../state-machine.ts'
import { notifyStatusChange, STAGE_SMS_LABELS } from './notify.ts'

function consoleOutbox() {
  const { lines, logger } = capturedLogger()
  return { lines, outbox: createSmsOutbox(createConsoleSmsProvider(logger, 'localhost'), logger) }
}

describe('order status SMS', () => {
  it('names the order in Persian digits and its new state, nothing else', async () => {
    const { lines, outbox } = consoleOutbox()
    const sent = notifyStatusChange(outbox, {
      phone: '09121234567',
      orderId: 1205,
      from: 'in_progress',
      to: 'done',
    })
    await outbox.drain()
    expect(sent).toBe(true)
    expect(lines[0]).toMatchObject({
      sms_to: '09121234567',
      text: 'ارزپل: سفارش شماره ۱۲۰۵ شما انجام شد.\nبرای دیدن جزئیات وارد حساب کاربری خود شوید.',
    })
  })

  it('stays quiet for a move within one status', async () => {
    const { lines, outbox } = consoleOutbox()
    expect(
      notifyStatusChange(outbox, {
        phone: '09121234567',
        orderId: 1,
        from: 'paid',
        to: 'in_progress',
      }),
    ).toBe(false)
    await outbox.drain()
    expect(lines).toEqual([])
  })

  it('has a label for every stage', () => {
    for (const stage of STAGES) expect(STAGE_SMS_LABELS[stage]).toMatch(/[\u0600-\u06FF]/)
  })
})
