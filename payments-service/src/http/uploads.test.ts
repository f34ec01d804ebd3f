import { capturedLogger } from '../test/log-capture.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeKavenegar, type FakeKavenegar } from '../test/fake-kavenegar.ts'
import { createConsoleSmsProvider } from '../modules/auth/sms/console.ts'
import { createKavenegarSmsProvider } from '../modules/auth/sms/kavenegar.ts'
import { ticketReplySmsText } from '../modules/auth/sms/sms-provider.ts'
import { SAMPLE_FILES } from '../test/tickets.ts'
import { contentDisposition, detectAttachmentType, sanitizeFileName } from './uploads.ts'

describe('detectAttachmentType', () => {
  it('recognises the allowed types by their bytes', async () => {
    expect(await detectAttachmentType(SAMPLE_FILES.png)).toBe('image/png')
    expect(await detectAttachmentType(SAMPLE_FILES.jpeg)).toBe('image/jpeg')
    expect(await detectAttachmentType(SAMPLE_FILES.gif)).toBe('image/gif')
    expect(await detectAttachmentType(SAMPLE_FILES.webp)).toBe('image/webp')
    expect(await detectAttachmentType(SAMPLE_FILES.pdf)).toBe('application/pdf')
  })

  it('answers null for executables, scripts, archives, text and nothing', async () => {
    for (const data of [
      SAMPLE_FILES.exe,
      SAMPLE_FILES.elf,
      SAMPLE_FILES.svg,
      SAMPLE_FILES.html,
      SAMPLE_FILES.zip,
      Buffer.from('plain text'),
      Buffer.alloc(0),
    ]) {
      expect(await detectAttachmentType(data)).toBeNull()
    }
  })
})

describe('sanitizeFileName', () => {
  it.each([
    ['receipt.png', 'image/png', 'receipt.png'],
    ['رسید پرداخت.JPG', 'image/jpeg', 'رسید پرداخت.jpg'],
    ['نیم‌فاصله.pdf', 'application/pdf', 'نیم‌فاصله.pdf'],
    ['../../../etc/shadow', 'image/png', 'shadow.png'],
    ['..\\..\\boot.ini', 'image/gif', 'boot.gif'],
    ['evil\u202Egpj.exe', 'image/jpeg', 'evilgpj.jpg'],
    ['tab\tand\nnewline.png', 'image/png', 'tabandnewline.png'],
    ['   ', 'image/webp', 'پیوست.webp'],
    ['report.v2.final.pdf', 'application/pdf', 'report_v2_final.pdf'],
    ['a"b;c=d.png', 'image/png', 'a_b_c_d.png'],
  ] as const)('%j as %s → %j', (input, type, expected) => {
    expect(sanitizeFileName(input, type)).toBe(expected)
  })

  it('keeps at most 80 characters before the extension', () => {
    expect(sanitizeFileName(`${'ن'.repeat(300)}.png`, 'image/png')).toBe(`${'ن'.repeat(80)}.png`)
  })
})

describe('contentDisposition', () => {
  it('always says attachment, with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('رسید.png')).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''%D8%B1%D8%B3%DB%8C%D8%AF.png`,
    )
    expect(contentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    )
  })
})

describe('ticket-reply SMS', () => {
  let fake: FakeKavenegar
  beforeAll(async () => {
    fake = await startFakeKavenegar()
  })
  afterAll(() => fake.close())

  it('goes through the Kavenegar lookup template with the ticket number as token', async () => {
    fake.reset()
    await createKavenegarSmsProvider({
      apiKey: 'k',
      template: 'otp',
      ticketReplyTemplate: 'ticket-reply',
      baseUrl: fake.baseUrl,
    }).sendTicketReply({ phone: '09121234567', ticketId: 42 })
    expect(fake.received.map((r) => r.form)).toEqual([
      { receptor: '09121234567', template: 'ticket-reply', token: '42', type: 'sms' },
    ])
  })

  it('is skipped when no ticket template is configured', async () => {
    fake.reset()
    await createKavenegarSmsProvider({
      apiKey: 'k',
      template: 'otp',
      baseUrl: fake.baseUrl,
    }).sendTicketReply({ phone: '09121234567', ticketId: 42 })
    expect(fake.received).toEqual([])
  })

  it('is logged by the console provider, naming the ticket but not the reply', async () => {
    const { lines, logger } = capturedLogger()
    await createConsoleSmsProvider(logger, 'localhost').sendTicketReply({
      phone: '09121234567',
      ticketId: 7,
    })
    expect(lines[0]).toMatchObject({ sms_to: '09121234567', text: ticketReplySmsText(7) })
    expect(ticketReplySmsText(7)).toContain('تیکت شماره ۷')
  })
})
