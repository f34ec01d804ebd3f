import { describe, expect, it } from 'vitest'
import { TICKET_LIMIT_MESSAGES } from './tickets.ts'

describe('TICKET_LIMIT_MESSAGES', () => {
  it('keep the product texts byte for byte and name the limits in Persian digits', () => {
    expect(TICKET_LIMIT_MESSAGES).toEqual({
      titleRequired: 'عنوان لازم است',
      titleTooLong: 'عنوان نباید بیشتر از ۲۰۰ کاراکتر باشد',
      categoryRequired: 'دستهبندی لازم است',
      initialMessageRequired: 'پیام اولیه لازم است',
      contentOrFileRequired: 'پیام یا فایل لازم است',
      contentTooLong: 'پیام نباید بیشتر از ۵۰۰۰ کاراکتر باشد',
      fileTooLarge: 'حجم فایل نباید بیشتر از ۱۰ مگابایت باشد.',
    })
  })
})
