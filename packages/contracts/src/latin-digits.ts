import { toLatinDigits } from './digits.ts'
import { z } from 'zod'

/**
 * Wraps a string schema so Persian (۰-۹) and Arabic (٠-٩) digits become Latin before it checks
 * anything: customers type codes and passwords on Persian keyboards.
 */
export const latinDigits = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' ? toLatinDigits(value) : value), schema)
