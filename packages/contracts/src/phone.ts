import { z } from 'zod'
import { toLatinDigits } from './digits.ts'

/** Iranian mobile numbers in the form the product stores and shows: 09 and nine more digits. */
export const PHONE_PATTERN = /^09\d{9}$/

export const PHONE_INVALID_MESSAGE = 'شماره تلفن صحیح نمیباشد'

/**
 * Accepts what people actually type (Persian digits, spaces, dashes, +98 / 0098 / 98 prefixes)
 * and returns the canonical 09xxxxxxxxx form, or the cleaned input when it cannot be one.
 */
export function normalizePhone(input: string): string {
  const digits = toLatinDigits(input).replace(/[\s\-()]/g, '')
  if (/^(\+98|0098)9\d{9}$/.test(digits)) return `0${digits.slice(digits.length - 10)}`
  if (/^989\d{9}$/.test(digits)) return `0${digits.slice(2)}`
  if (/^9\d{9}$/.test(digits)) return `0${digits}`
  return digits
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input))
}

/** The phone field at every boundary: normalised first, then checked against the pattern. */
export function phoneSchema(message: string = PHONE_INVALID_MESSAGE) {
  return z
    .string({ error: message })
    .transform(normalizePhone)
    .pipe(z.string().regex(PHONE_PATTERN, { message }))
}

/** 0912***4567: enough for a person to recognise their number, not enough to contact them. */
export function maskPhone(phone: string): string {
  const p = normalizePhone(phone)
  return PHONE_PATTERN.test(p) ? `${p.slice(0, 4)}***${p.slice(7)}` : '***'
}
