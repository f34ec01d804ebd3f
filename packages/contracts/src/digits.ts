import { digitsArToEn, digitsEnToFa, digitsFaToEn } from '@persian-tools/persian-tools'

/**
 * Persian (۰-۹) and Arabic-Indic (٠-٩) digits become Latin ones. Users type all three, and
 * `Number('۱۲۳')` is NaN, so every numeric input is normalised before it is validated.
 */
export function toLatinDigits(input: string): string {
  return digitsArToEn(digitsFaToEn(input))
}

/** Latin digits become Persian ones for display. */
export function toPersianDigits(input: string | number): string {
  return digitsEnToFa(String(input))
}
