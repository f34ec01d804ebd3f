import { toLatinDigits } from '../digits.ts'

/**
 * Iranian IBAN (Sheba): "IR" + 24 digits, ISO 7064 mod 97 (docs/product/domain.md): move "IR"
 * and the two check digits to the end, map I → 18 and R → 27, and the number mod 97 must be 1.
 * Spaces, dashes and Persian digits are accepted and removed.
 */
export function normalizeSheba(input: string): string {
  return toLatinDigits(input)
    .replace(/[\s\-\u200c]/g, '')
    .toUpperCase()
}

export function isValidSheba(input: string): boolean {
  const sheba = normalizeSheba(input)
  if (!/^IR\d{24}$/.test(sheba)) return false
  const rearranged = `${sheba.slice(4)}1827${sheba.slice(2, 4)}`
  let remainder = 0
  for (const char of rearranged) remainder = (remainder * 10 + Number(char)) % 97
  return remainder === 1
}
