import { toLatinDigits } from '../digits.ts'
import { verifyIranianNationalId } from '@persian-tools/persian-tools'

/**
 * The national code (کد ملی, docs/product/domain.md): ten digits whose last is a checksum of the
 * other nine. The library's city-prefix whitelist stays off: it is incomplete for codes issued
 * recently, and whether the person exists is the inquiry's question, not ours.
 */

/** Persian or Arabic digits to Latin, spaces and dashes gone: what a person types. */
export const normaliseNationalCode = (value: string): string =>
  toLatinDigits(value).replace(/[\s\-\u200c]/g, '')

export function isValidNationalCode(code: string): boolean {
  return /^\d{10}$/.test(code) && verifyIranianNationalId(code, { checkPrefix: false }) === true
}

/** `0012345679` → `001*****79`: enough for the customer to recognise it, not to reuse it. */
export const maskNationalCode = (code: string): string =>
  `${code.slice(0, 3)}${'*'.repeat(code.length - 5)}${code.slice(-2)}`
