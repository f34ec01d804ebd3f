import { describe, expect, it } from 'vitest'
import { MESSAGES as AUTH_MESSAGES } from './auth/customer.ts'
import { INVALID_AMOUNT } from './amount.ts'
import { MESSAGES as ORDER_MESSAGES } from './orders/customer.ts'
import { PHONE_INVALID_MESSAGE } from './phone.ts'
import { TICKET_LIMIT_MESSAGES } from './tickets.ts'
import { MESSAGES as TICKET_MESSAGES } from './tickets/customer.ts'

/**
 * The product's validation and error texts that live in this package, compared with the
 * specification's own strings, copied here verbatim (they are quoted in docs/product/). A text
 * the specification quotes is used exactly, half-spaces and their absence included
 * ('دستهبندی' is written without a ZWNJ there, so it is here too).
 */
const SPEC = {
  // Phone
  phoneInvalid: 'شماره تلفن صحیح نمیباشد',
  // New request
  siteUrl: 'آدرس سایت را وارد کنید',
  amount: 'مبلغ معتبر وارد کنید',
  username: 'نام کاربری لازم است',
  password: 'رمز عبور لازم است',
  // New ticket
  titleRequired: 'عنوان لازم است',
  categoryRequired: 'دستهبندی لازم است',
  initialMessageRequired: 'پیام اولیه لازم است',
  contentOrFileRequired: 'پیام یا فایل لازم است',
  // Auth successes
  passwordChanged: 'رمز عبور تغییر کرد. وارد شوید.',
} as const

describe('the product texts in contracts', () => {
  it('phone', () => {
    expect(PHONE_INVALID_MESSAGE).toBe(SPEC.phoneInvalid)
  })

  it('new request', () => {
    expect(ORDER_MESSAGES.siteUrl).toBe(SPEC.siteUrl)
    expect(INVALID_AMOUNT).toBe(SPEC.amount)
    expect(ORDER_MESSAGES.amount).toBe(SPEC.amount)
    expect(ORDER_MESSAGES.username).toBe(SPEC.username)
    expect(ORDER_MESSAGES.password).toBe(SPEC.password)
  })

  it('new ticket, in both the limits web checks and the schema payments-service checks', () => {
    for (const messages of [TICKET_LIMIT_MESSAGES, TICKET_MESSAGES]) {
      expect(messages.titleRequired).toBe(SPEC.titleRequired)
      expect(messages.categoryRequired).toBe(SPEC.categoryRequired)
      expect(messages.initialMessageRequired).toBe(SPEC.initialMessageRequired)
      expect(messages.contentOrFileRequired).toBe(SPEC.contentOrFileRequired)
    }
  })

  it('auth', () => {
    expect(AUTH_MESSAGES.passwordChanged).toBe(SPEC.passwordChanged)
  })

  it('the copied strings are the spec’s bytes: no ZWNJ where the spec has none, no stray marks', () => {
    expect(SPEC.categoryRequired).not.toContain('\u200c')
    for (const text of Object.values(SPEC)) expect(text).not.toMatch(/[\u200e\u200f\u202a-\u202e]/)
  })
})
