import { toPersianDigits } from './digits.ts'
import { MAX_ATTACHMENT_BYTES, UPLOAD_MESSAGES } from './uploads.ts'

/**
 * A ticket's limits and the Persian texts that name them (docs/product/tickets.md), one rule
 * for the browser form, web's actions and payments-service.
 */

export const TICKET_LIMITS = {
  titleLength: 200,
  contentLength: 5000,
  attachmentBytes: MAX_ATTACHMENT_BYTES,
} as const

export const TICKET_LIMIT_MESSAGES = {
  titleRequired: 'عنوان لازم است',
  titleTooLong: `عنوان نباید بیشتر از ${toPersianDigits(TICKET_LIMITS.titleLength)} کاراکتر باشد`,
  categoryRequired: 'دستهبندی لازم است',
  initialMessageRequired: 'پیام اولیه لازم است',
  contentOrFileRequired: 'پیام یا فایل لازم است',
  contentTooLong: `پیام نباید بیشتر از ${toPersianDigits(TICKET_LIMITS.contentLength)} کاراکتر باشد`,
  fileTooLarge: UPLOAD_MESSAGES.fileTooLarge,
} as const

/** Texts of what a new ticket may carry beyond the product's form: the order it is about. */
export const TICKET_ORDER_MESSAGES = {
  /** The order a ticket names is not one of the customer's own (or is no order id). */
  orderInvalid: 'سفارش انتخاب‌شده در سفارش‌های شما نیست',
} as const
